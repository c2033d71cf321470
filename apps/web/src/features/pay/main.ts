// The customer pay page (issue 19 item 6, decision 0022): its own small entry, not the signed-in app. It shows the
// merchant, the customer's first name, the amount due and due date; takes a card or bank account through the
// sandbox tokeniser; shows the fee before paying; pays with an Idempotency-Key; and shows the receipt.

import { bankAuthorizationText } from '@paydesk/domain/payment-links/pay-page';
import type { PayPage, PayReceipt } from '@paydesk/domain/payment-links/payment-links.contract';
import { mayBearConvenienceFee } from '@paydesk/domain/payments/fees';
import { formatCalendarDate, formatDateTime } from '@paydesk/domain/format/date';
import { formatMoney, parseCentsFromDollars } from '@paydesk/domain/format/money';
import { loadPayPage, payWithLink, tokenize, type Problem, type Tokenized } from './pay-api';
import './pay.css';

type Child = Node | string | null | false;
type Attributes = Record<string, string | boolean | ((event: Event) => void)>;

/** A DOM element; text is always set as text (merchant names and messages are never parsed as HTML). */
function h(tag: string, attributes: Attributes = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false) element.setAttribute(name, value);
  }
  for (const child of children) if (child !== null && child !== false) element.append(child);
  return element;
}

const root = document.getElementById('pay') as HTMLElement;
const token = decodeURIComponent(location.pathname.split('/')[2] ?? '');
const show = (...children: Child[]) =>
  root.replaceChildren(...children.filter((child): child is Node | string => !!child));

const TITLES: Record<string, string> = {
  'pay_link.expired': 'This link has expired',
  'pay_link.used': 'This link has already been used',
  'pay_link.superseded': 'This link was replaced',
  not_found: 'This link is not valid',
  throttled: 'Too many tries',
};

function showProblem(problem: Problem) {
  show(
    h(
      'section',
      { class: 'card', role: 'alert' },
      h('h1', {}, TITLES[problem.code ?? ''] ?? 'We could not open this link'),
      h('p', {}, problem.message),
    ),
  );
}

function header(page: PayPage): HTMLElement {
  return h(
    'header',
    { class: 'merchant' },
    page.merchant.logo ? h('img', { src: page.merchant.logo, alt: '' }) : null,
    h('h1', {}, page.merchant.name),
  );
}

function summary(page: PayPage): HTMLElement {
  return h(
    'section',
    { class: 'card' },
    h('p', {}, `Hi ${page.customer.first_name},`),
    h('p', { class: 'muted' }, 'Amount due'),
    h('p', { class: 'due' }, formatMoney(page.amount_due)),
    page.due_date ? h('p', { class: 'muted' }, `Due ${formatCalendarDate(page.due_date)}`) : null,
  );
}

function feeRule(page: PayPage): string {
  return page.convenience_fee > 0
    ? `A ${formatMoney(page.convenience_fee)} convenience fee applies to credit cards and bank accounts. No fee on debit or prepaid cards.`
    : 'No convenience fee.';
}

const field = (id: string, text: string, attributes: Attributes) =>
  h('div', {}, h('label', { for: id }, text), h('input', { id, name: id, type: 'text', ...attributes }));

const valueOf = (form: HTMLFormElement, name: string) =>
  ((form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '').trim();

function showForm(page: PayPage, error: string | null = null) {
  let kind: 'card' | 'bank' = page.accepts.card || !page.accepts.bank ? 'card' : 'bank';
  const errorLine = h('p', { class: 'error', role: 'alert' }, error ?? '');
  const entry = h('div');
  const authorization = h('div');
  const renderEntry = () => {
    entry.replaceChildren(
      ...(kind === 'card'
        ? [
            field('card-number', 'Card number', { inputmode: 'numeric', autocomplete: 'cc-number', required: true }),
            h(
              'div',
              { class: 'row' },
              field('card-expiry', 'Expiry (MM/YY)', { inputmode: 'numeric', autocomplete: 'cc-exp', required: true }),
              field('card-cvc', 'CVC', { inputmode: 'numeric', autocomplete: 'cc-csc', required: true }),
            ),
          ]
        : [
            field('bank-holder', 'Account holder', { autocomplete: 'name', required: true }),
            field('bank-routing', 'Routing number', { inputmode: 'numeric', required: true }),
            field('bank-account', 'Account number', { inputmode: 'numeric', required: true }),
          ]),
    );
    authorization.replaceChildren();
  };
  const kindChoice = (value: 'card' | 'bank', text: string) =>
    h(
      'label',
      {},
      h('input', {
        type: 'radio',
        name: 'kind',
        value,
        checked: kind === value,
        onChange: () => {
          kind = value;
          renderEntry();
        },
      }),
      text,
    );
  renderEntry();
  const submit = h('button', { type: 'submit' }, 'Continue') as HTMLButtonElement;
  const form = h(
    'form',
    {
      class: 'card',
      novalidate: true,
      onSubmit: (event) => {
        event.preventDefault();
        void review(page, form as HTMLFormElement, kind, submit, errorLine);
      },
    },
    h('h2', {}, 'Make a payment'),
    field('amount', 'Amount ($)', {
      inputmode: 'decimal',
      value: (page.amount_due / 100).toFixed(2),
      required: true,
    }),
    page.accepts.card && page.accepts.bank
      ? h(
          'fieldset',
          { class: 'kinds' },
          h('legend', { class: 'muted' }, 'Pay by'),
          kindChoice('card', 'Card'),
          kindChoice('bank', 'Bank account'),
        )
      : null,
    entry,
    authorization,
    h('p', { class: 'muted fine' }, feeRule(page)),
    errorLine,
    submit,
  );
  show(header(page), summary(page), form);
}

async function review(
  page: PayPage,
  form: HTMLFormElement,
  kind: 'card' | 'bank',
  submit: HTMLButtonElement,
  errorLine: HTMLElement,
) {
  const amount = parseCentsFromDollars(valueOf(form, 'amount'));
  if (amount === null || amount < 100) return void (errorLine.textContent = 'Enter an amount of at least $1.00.');
  if (amount > page.amount_due) return void (errorLine.textContent = 'Payment can not be more than the amount due.');
  let entry;
  if (kind === 'card') {
    const [month, year] = valueOf(form, 'card-expiry')
      .split('/')
      .map((part) => Number(part.trim()));
    if (!month || !year) return void (errorLine.textContent = 'Enter the expiry as MM/YY.');
    entry = {
      card: {
        number: valueOf(form, 'card-number').replace(/[\s-]/g, ''),
        exp_month: month,
        exp_year: year < 100 ? 2000 + year : year,
        cvc: valueOf(form, 'card-cvc'),
      },
    };
  } else {
    entry = {
      bank: {
        routing_number: valueOf(form, 'bank-routing'),
        account_number: valueOf(form, 'bank-account'),
        account_holder: valueOf(form, 'bank-holder'),
      },
    };
  }
  submit.disabled = true;
  errorLine.textContent = '';
  const tokenized = await tokenize(entry);
  submit.disabled = false;
  if (!tokenized.ok) return void (errorLine.textContent = tokenized.problem.message);
  showReview(page, amount, kind, tokenized.value);
}

function showReview(page: PayPage, amount: number, kind: 'card' | 'bank', method: Tokenized) {
  const fee =
    page.convenience_fee > 0 &&
    mayBearConvenienceFee({ payment_type: kind === 'bank' ? 'bank' : 'CREDIT', funding: method.funding })
      ? page.convenience_fee
      : 0;
  const total = amount + fee;
  const label = kind === 'bank' ? `Bank account ending ${method.last4}` : `Card ending ${method.last4}`;
  const authorizationText = bankAuthorizationText(page.merchant.name, formatMoney(total));
  const agree = h('input', { type: 'checkbox', id: 'authorize' }) as HTMLInputElement;
  const errorLine = h('p', { class: 'error', role: 'alert' });
  const payButton = h('button', { type: 'button' }, `Pay ${formatMoney(total)}`) as HTMLButtonElement;
  // One key per intent: a retry of this same payment (a lost answer) sends it again.
  const key = crypto.randomUUID();
  payButton.addEventListener('click', () => {
    if (kind === 'bank' && !agree.checked)
      return void (errorLine.textContent = 'Check the box to authorize the debit.');
    payButton.disabled = true;
    errorLine.textContent = '';
    void payWithLink(
      token,
      { token: method.token, amount, ...(kind === 'bank' ? { authorization: authorizationText } : {}) },
      key,
    ).then((result) => {
      payButton.disabled = false;
      if (!result.ok) {
        if (result.problem.status === 410) return showProblem(result.problem);
        errorLine.textContent = result.problem.message;
        return;
      }
      if (result.value.status === 'FAILED') {
        return showForm(page, result.value.failure_message ?? 'The payment did not go through. Try another card.');
      }
      showReceipt(page, result.value);
    });
  });
  show(
    header(page),
    h(
      'section',
      { class: 'card' },
      h('h2', {}, 'Review your payment'),
      h(
        'dl',
        {},
        h('dt', {}, 'Pay with'),
        h('dd', {}, label),
        h('dt', {}, 'Payment'),
        h('dd', {}, formatMoney(amount)),
        h('dt', {}, 'Convenience fee'),
        h('dd', {}, formatMoney(fee)),
        h('dt', { class: 'total' }, 'Total'),
        h('dd', { class: 'total' }, formatMoney(total)),
      ),
      kind === 'bank' ? h('label', { class: 'check' }, agree, authorizationText) : null,
      errorLine,
      payButton,
      h('button', { type: 'button', class: 'secondary', onClick: () => showForm(page) }, 'Back'),
    ),
  );
}

function showReceipt(page: PayPage, receipt: PayReceipt) {
  const pending = receipt.status === 'PENDING';
  show(
    header(page),
    h(
      'section',
      { class: 'card', role: 'status' },
      h('h2', { class: 'ok' }, pending ? 'Payment submitted' : 'Payment received'),
      h('p', {}, `Thank you, ${page.customer.first_name}.`),
      h(
        'dl',
        {},
        h('dt', {}, 'Date'),
        h('dd', {}, formatDateTime(receipt.created, { timeZone: receipt.time_zone })),
        h('dt', {}, 'Paid with'),
        h('dd', {}, receipt.method_label),
        h('dt', {}, 'Payment'),
        h('dd', {}, formatMoney(receipt.amount)),
        h('dt', {}, 'Convenience fee'),
        h('dd', {}, formatMoney(receipt.convenience_fee)),
        h('dt', { class: 'total' }, 'Total'),
        h('dd', { class: 'total' }, formatMoney(receipt.total_amount)),
        receipt.processor_reference ? h('dt', {}, 'Reference') : null,
        receipt.processor_reference ? h('dd', {}, receipt.processor_reference) : null,
      ),
      pending ? h('p', { class: 'muted fine' }, 'Bank payments take a few business days to complete.') : null,
      h(
        'p',
        { class: 'muted fine' },
        receipt.receipt_emailed ? 'A receipt was sent to your email.' : 'Keep this page as your receipt.',
      ),
    ),
  );
}

async function start() {
  if (!token) return showProblem({ status: 404, code: 'not_found', message: 'This link is not valid.', fields: {} });
  const loaded = await loadPayPage(token);
  if (!loaded.ok) return showProblem(loaded.problem);
  if (loaded.value.amount_due <= 0) {
    return show(header(loaded.value), h('section', { class: 'card' }, h('p', {}, 'Nothing is due on this account.')));
  }
  showForm(loaded.value);
}

void start();
