import type { CustomerEvent } from '@paydesk/domain/customers/customers.contract';
import { describe, expect, it } from 'vitest';
import { describeChanges, describeEventTitle } from './history-words';

const NOTE_ID = '00000000-0000-4000-8000-000000000a91';
const LOCATION_ID = '00000000-0000-4000-8000-000000000b01';
const ZONE = 'America/Los_Angeles';

function event(kind: string, before: CustomerEvent['before'], after: CustomerEvent['after']) {
  return { kind, before, after };
}

describe('the history in words', () => {
  it('tells a payment and a scheduled payment in words, money as dollars', () => {
    const taken = event('payment.taken', null, {
      payment_id: NOTE_ID,
      status: 'PAID',
      amount_cents: 2000,
      convenience_fee_cents: 295,
      total_cents: 2295,
      fee_waived: false,
    });
    expect(describeEventTitle(taken)).toBe('Payment taken');
    expect(describeChanges(taken, ZONE)).toEqual([
      { field: 'status', label: 'Status', text: 'Paid' },
      { field: 'amount_cents', label: 'Amount', text: '$20.00' },
      { field: 'convenience_fee_cents', label: 'Convenience fee', text: '$2.95' },
      { field: 'total_cents', label: 'Total', text: '$22.95' },
      { field: 'fee_waived', label: 'Fee waived', text: 'No' },
    ]);
    const failed = event('scheduled_payment.failed', null, {
      amount_cents: 500,
      date: '2026-12-01',
      reason: 'Declined',
    });
    expect(describeEventTitle(failed)).toBe('Scheduled payment failed');
    expect(describeChanges(failed, ZONE)).toContainEqual({ field: 'date', label: 'Date', text: '12/01/2026' });
  });

  it('says which opt-in changed, how, and the words affirmed', () => {
    const words = 'I affirm that the customer has given express permission to receive text messages.';
    const change = event('consent.changed', null, {
      channel: 'sms',
      opted_in: true,
      method: 'staff_affirmed',
      affirmation: words,
    });
    expect(describeEventTitle(change)).toBe('Opted in to text messages');
    expect(describeChanges(change, ZONE)).toEqual([
      { field: 'method', label: 'How', text: 'Affirmed by a user' },
      { field: 'affirmation', label: 'Words affirmed', text: `“${words}”` },
    ]);
    const off = event('consent.changed', null, { channel: 'email', opted_in: false, method: 'import' });
    expect(describeEventTitle(off)).toBe('Opted out of emails');
    expect(describeChanges(off, ZONE)).toEqual([{ field: 'method', label: 'How', text: 'CSV import' }]);
  });

  it('shows a note’s text, never its id, when added, edited or deleted', () => {
    const added = event('note.added', null, { note_id: NOTE_ID, body: 'Promised to pay Friday.' });
    expect(describeEventTitle(added)).toBe('Note added');
    expect(describeChanges(added, ZONE)).toEqual([{ field: 'body', label: 'Note', text: 'Promised to pay Friday.' }]);
    const edited = event('note.edited', { note_id: NOTE_ID, body: 'Friday' }, { note_id: NOTE_ID, body: 'Paid' });
    expect(describeChanges(edited, ZONE)).toEqual([{ field: 'body', label: 'Note', text: 'Friday → Paid' }]);
    const deleted = event('note.deleted', { note_id: NOTE_ID, body: 'Paid' }, null);
    expect(describeEventTitle(deleted)).toBe('Note deleted');
    expect(describeChanges(deleted, ZONE)).toEqual([{ field: 'body', label: 'Note', text: 'Paid' }]);
  });

  it('names fields as the form does and values in words', () => {
    const changed = event(
      'customer.updated',
      { sms_phone_number: null, language: 'en-US', location: { id: LOCATION_ID, name: 'Main St' } },
      { sms_phone_number: '+15550102000', language: 'es-US', location: { id: LOCATION_ID, name: 'Airport Rd' } },
    );
    expect(describeChanges(changed, ZONE)).toEqual([
      { field: 'sms_phone_number', label: 'Phone number', text: '— → (555) 010-2000' },
      { field: 'language', label: 'Language', text: 'English → Spanish' },
      { field: 'location', label: 'Location', text: 'Main St → Airport Rd' },
    ]);
    const coBorrower = event('co_borrower.added', null, { co_borrower_id: NOTE_ID, name: 'Dana Diaz' });
    expect(describeChanges(coBorrower, ZONE)).toEqual([{ field: 'name', label: 'Co-borrower', text: 'Dana Diaz' }]);
    const account = event('account.updated', { status: 'do_not_contact' }, { status: 'active' });
    expect(describeChanges(account, ZONE)).toEqual([
      { field: 'status', label: 'Status', text: 'Do Not Contact → Active' },
    ]);
  });

  it("shows a promise's moment on the merchant's clock and a day as written", () => {
    const promised = event('promise.created', null, {
      promise_id: NOTE_ID,
      amount_cents: 5000,
      scheduled_date: '2026-03-05T02:30:00.000Z',
    });
    // 02:30 UTC on March 5th is 6:30 PM on March 4th in Los Angeles (UTC-8).
    expect(describeChanges(promised, ZONE)).toEqual([
      { field: 'amount_cents', label: 'Amount', text: '$50.00' },
      { field: 'scheduled_date', label: 'Scheduled date', text: '03/04/2026 6:30 PM' },
    ]);
    const scheduled = event('scheduled_payment.created', null, { amount_cents: 500, date: '2026-03-05' });
    expect(describeChanges(scheduled, 'Pacific/Kiritimati')).toContainEqual({
      field: 'date',
      label: 'Date',
      text: '03/05/2026',
    });
  });
});
