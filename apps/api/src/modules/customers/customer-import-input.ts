// A CSV import's row as the customers module writes it, and what it changes on an account the merchant has.

import type { ConsentChannel, ParsedCreateCustomerInput } from '@paydesk/domain/customers/customers.contract';
import { IMPORT_AFFIRMATION, type ImportField } from '@paydesk/domain/customers/customer-imports.contract';

/**
 * A CSV import's row: the create input (the create defaults where the row has no value), which fields it sets on an
 * account the merchant already has (`sets`; the others stay as they are; every field when absent), and the import
 * writing it with the words its user affirmed per channel (the consent ledger records both).
 */
export type ImportRowInput = ParsedCreateCustomerInput & {
  sets?: ReadonlySet<ImportField>;
  consent?: { importId: string; affirmations: Partial<Record<ConsentChannel, string>> };
};

/** The words an import's ledger row records: those affirmed for turning the channel on; none for turning it off. */
export function importWords(input: ImportRowInput, channel: ConsentChannel, optedIn: boolean): string {
  if (!input.consent) return input.affirmation?.trim() ?? '';
  return optedIn ? (input.consent.affirmations[channel] ?? '') : IMPORT_AFFIRMATION;
}

/**
 * What an import row changes on an account the merchant has and its primary customer: the fields it sets (see
 * `ImportRowInput.sets`), `undefined` for the others, as the patch functions read it. `updateCustomerAccounts` and
 * `upsertCustomerAccount` both take their changes from here, so the two stay in step.
 */
export function importChangesOf(input: ImportRowInput) {
  const sets = (field: ImportField) => !input.sets || input.sets.has(field);
  const when = <T>(field: ImportField, value: T): T | undefined => (sets(field) ? value : undefined);
  return {
    customer: {
      first_name: input.first_name,
      last_name: input.last_name,
      email: when('email', input.email),
      sms_phone_number: when('sms_phone_number', input.sms_phone_number),
      date_of_birth: input.date_of_birth,
      language: when('language', input.language),
      location_id: when('location', input.location_id),
      address_line1: when('address_line1', input.address_line1),
      address_line2: when('address_line2', input.address_line2),
      city: when('city', input.city),
      state: when('state', input.state),
      zip: when('zip', input.zip),
    },
    account: {
      amount_due_cents: input.account.amount_due_cents,
      due_date: when('due_date', input.account.due_date),
      autopay: when('autopay', input.account.autopay),
      convenience_fee_cents: when('convenience_fee', input.account.convenience_fee_cents),
      status: when('status', input.account.status),
      tag_ids: when('tags', input.account.tag_ids),
    },
    optIns: { sms: when('text_opt_in', input.text_opt_in), email: when('email_opt_in', input.email_opt_in) },
  };
}
