import { describe, expect, it, vi } from 'vitest';
import {
  findUnknownMergeFields,
  hasOptOutLine,
  PREVIEW_PAY_TOKEN,
  previewPaymentLink,
  renderTemplateBody,
  renderTemplateBodyWithLink,
  unknownMergeFieldMessage,
  usesMergeField,
} from './merge-fields';

describe('renderTemplateBody', () => {
  const values = {
    first_name: 'Ana',
    last_name: 'Ruiz',
    external_id: 'A-1',
    amount_due_cents: 123_456,
    due_date: '2026-03-05',
    days_past_due: 4,
    convenience_fee_cents: 295,
    merchant_name: 'Acme Autos',
    merchant_phone: '(555) 010-0100',
    promise_date: '2026-04-01',
    promise_amount_cents: 5000,
    last_payment_amount_cents: 2500,
    last_payment_date: '2026-02-28',
    autopay_day: 15,
  };

  it('renders money as USD and dates as MM/DD/YYYY', () => {
    const body =
      'Hi {{first_name}} {{last_name}}, {{ amount_due }} on {{due_date}} for {{external_id}} ({{days_past_due}} days late, fee {{convenience_fee}}). ' +
      '{{merchant_name}} {{merchant_phone}}; promise {{promise_amount}} on {{promise_date}}; last {{last_payment_amount}} on {{last_payment_date}}; autopay day {{autopay_day}}.';
    expect(renderTemplateBody(body, values, 'TEXT')).toBe(
      'Hi Ana Ruiz, $1,234.56 on 03/05/2026 for A-1 (4 days late, fee $2.95). Acme Autos (555) 010-0100; promise $50.00 on 04/01/2026; last $25.00 on 02/28/2026; autopay day 15.',
    );
  });

  it('escapes HTML in a customer name in email bodies and leaves text plain', () => {
    const hostile = { first_name: '<script>alert("x")</script>&' };
    expect(renderTemplateBody('<p>Hi {{first_name}}</p>', hostile, 'EMAIL')).toBe(
      '<p>Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;</p>',
    );
    expect(renderTemplateBody('Hi {{first_name}}', hostile, 'TEXT')).toBe('Hi <script>alert("x")</script>&');
  });

  it('renders a missing value as nothing without breaking the spacing', () => {
    expect(renderTemplateBody('Hi {{first_name}}, you owe.', {}, 'TEXT')).toBe('Hi, you owe.');
    expect(renderTemplateBody('Hi {{first_name}} {{last_name}}, ok', { last_name: 'Ruiz' }, 'TEXT')).toBe(
      'Hi Ruiz, ok',
    );
    expect(renderTemplateBody('Hi {{first_name}} {{last_name}}, ok', { first_name: 'Ana' }, 'TEXT')).toBe('Hi Ana, ok');
    expect(renderTemplateBody('{{first_name}} owes {{amount_due}}.', {}, 'TEXT')).toBe('owes.');
    expect(renderTemplateBody('Pay here {{payment_link}}', {}, 'TEXT')).toBe('Pay here');
    expect(renderTemplateBody('Amount {{amount_due}} now', { amount_due_cents: null }, 'TEXT')).toBe('Amount now');
  });

  it('leaves unknown fields as written and finds them', () => {
    expect(renderTemplateBody('Hi {{nickname}}', values, 'TEXT')).toBe('Hi {{nickname}}');
    expect(findUnknownMergeFields('{{nickname}} {{first_name}} {{ nickname }} {{pin}}')).toEqual(['nickname', 'pin']);
    expect(unknownMergeFieldMessage(['nickname'])).toBe('Unknown merge field {{nickname}}');
    expect(unknownMergeFieldMessage(['a', 'b'])).toBe('Unknown merge fields {{a}}, {{b}}');
  });
});

describe('renderTemplateBodyWithLink', () => {
  it('creates a link only when the body uses one', async () => {
    const createPaymentLink = vi.fn(async () => 'https://pay.test/l/1');
    expect(await renderTemplateBodyWithLink('Hi {{first_name}}', { first_name: 'A' }, 'TEXT', createPaymentLink)).toBe(
      'Hi A',
    );
    expect(createPaymentLink).not.toHaveBeenCalled();
    expect(await renderTemplateBodyWithLink('Pay: {{payment_link}}', {}, 'TEXT', createPaymentLink)).toBe(
      'Pay: https://pay.test/l/1',
    );
    expect(createPaymentLink).toHaveBeenCalledTimes(1);
    expect(usesMergeField('{{ payment_link }}', 'payment_link')).toBe(true);
  });
});

describe('hasOptOutLine', () => {
  it('finds STOP or opt-out wording', () => {
    expect(hasOptOutLine('Reply STOP to opt out')).toBe(true);
    expect(hasOptOutLine('Text stop to unsubscribe')).toBe(true);
    expect(hasOptOutLine('Pay now')).toBe(false);
    expect(hasOptOutLine('Unstoppable')).toBe(false);
  });
});

describe('previewPaymentLink', () => {
  it('is a pay page address as long as a real link (a 43-character token), plainly a sample', () => {
    const link = previewPaymentLink('https://app.paydesk.test/');
    expect(link).toBe('https://app.paydesk.test/pay/sample-link-for-preview-only-not-for-paying');
    expect(PREVIEW_PAY_TOKEN).toHaveLength(43);
    expect(PREVIEW_PAY_TOKEN).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
