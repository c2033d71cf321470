// The card and bank account entry forms (Payment methods tab, Take payment, Down payment; issue 18): their fields as
// typed, the rules a submit checks before anything leaves the browser, and the tokeniser request built from them.
// The full card number, CVC and bank account number go only to the processor's tokeniser (sandbox:
// `POST /sandbox/gateway/tokens/`); Paydesk's API receives the token it answers (`addPaymentMethodSchema`).

import { z } from 'zod';
import {
  cardBrandOf,
  cardDigits,
  cardNumberMessage,
  cardNumberProblem,
  isBankAccountNumber,
  isCvcValid,
  isExpiryValid,
  isRoutingNumber,
} from './card-entry';
import { BANK_AUTHORIZATION_METHODS } from './payments';

export const METHOD_ENTRY_MESSAGES = {
  required: 'This field is required.',
  expiry: 'Enter a valid expiry date (MM/YY).',
  cvc: 'Security code is invalid.',
  routing: 'Enter a valid 9-digit routing number.',
  account: 'Enter a valid account number.',
  authorization: 'The customer must give this authorisation.',
  nickname: 'Ensure this field has no more than 60 characters.',
} as const;

/** An expiry typed as MM/YY or MM/YYYY: its month and four-digit year, or null when it is not one. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = Number(match[2]);
  return { month, year: year < 100 ? 2000 + year : year };
}

const nickname = z.string().max(60, { error: METHOD_ENTRY_MESSAGES.nickname });

/** A card as typed; `today` decides whether the expiry has passed (the card works through its last month). */
export function cardEntrySchema(today: () => Date = () => new Date()) {
  return z
    .object({
      kind: z.literal('card'),
      number: z.string(),
      expiry: z.string(),
      cvc: z.string(),
      nickname,
    })
    .superRefine((entry, context) => {
      const problem = cardNumberProblem(entry.number);
      if (problem) context.addIssue({ code: 'custom', path: ['number'], message: cardNumberMessage(problem) });
      const expiry = parseExpiry(entry.expiry);
      if (!expiry || !isExpiryValid(expiry.month, expiry.year, today())) {
        context.addIssue({ code: 'custom', path: ['expiry'], message: METHOD_ENTRY_MESSAGES.expiry });
      }
      if (!isCvcValid(entry.cvc.trim(), cardBrandOf(cardDigits(entry.number)))) {
        context.addIssue({ code: 'custom', path: ['cvc'], message: METHOD_ENTRY_MESSAGES.cvc });
      }
    });
}

/** A bank account as typed, with the Nacha debit authorisation the customer gave and how they gave it. */
export const bankEntrySchema = z.object({
  kind: z.literal('bank'),
  holder: z.string().trim().min(1, { error: METHOD_ENTRY_MESSAGES.required }).max(100),
  routing: z.string().trim().refine(isRoutingNumber, { error: METHOD_ENTRY_MESSAGES.routing }),
  account: z.string().trim().refine(isBankAccountNumber, { error: METHOD_ENTRY_MESSAGES.account }),
  how: z.enum(BANK_AUTHORIZATION_METHODS),
  agreed: z.boolean().refine((value) => value, { error: METHOD_ENTRY_MESSAGES.authorization }),
  nickname,
});

/** Either entry; `kind` says which fields count. */
export function methodEntrySchema(today: () => Date = () => new Date()) {
  return z.discriminatedUnion('kind', [cardEntrySchema(today), bankEntrySchema]);
}

export type CardEntryValues = z.input<ReturnType<typeof cardEntrySchema>>;
export type BankEntryValues = z.input<typeof bankEntrySchema>;
export type MethodEntryKind = 'card' | 'bank';

/** One form's values for either kind (the form keeps both kinds' fields; the schema reads those of `kind`). */
export type MethodEntryValues = {
  kind: MethodEntryKind;
  number: string;
  expiry: string;
  cvc: string;
  holder: string;
  routing: string;
  account: string;
  how: (typeof BANK_AUTHORIZATION_METHODS)[number];
  agreed: boolean;
  nickname: string;
};

export function emptyMethodEntry(kind: MethodEntryKind = 'card'): MethodEntryValues {
  return {
    kind,
    number: '',
    expiry: '',
    cvc: '',
    holder: '',
    routing: '',
    account: '',
    how: 'phone',
    agreed: false,
    nickname: '',
  };
}

export type TokenizeRequest =
  | { card: { number: string; exp_month: number; exp_year: number; cvc: string } }
  | { bank: { routing_number: string; account_number: string; account_holder: string } };

/** The tokeniser's request for a checked entry (the only place the numbers are sent). */
export function tokenizeRequestOf(values: MethodEntryValues): TokenizeRequest {
  if (values.kind === 'card') {
    const expiry = parseExpiry(values.expiry) ?? { month: 0, year: 0 };
    return {
      card: {
        number: cardDigits(values.number),
        exp_month: expiry.month,
        exp_year: expiry.year,
        cvc: values.cvc.trim(),
      },
    };
  }
  return {
    bank: {
      routing_number: values.routing.trim(),
      account_number: values.account.trim(),
      account_holder: values.holder.trim(),
    },
  };
}

/** The card's BIN once 6 digits are typed (what the brand and funding lookup asks about), else null. */
export function binOf(number: string): string | null {
  const digits = cardDigits(number);
  return /^\d{6}/.test(digits) ? digits.slice(0, 6) : null;
}

/** The words a customer agrees to for debits from their bank account (Nacha: kept as shown, with who and how). */
export function bankAuthorizationText(merchantName: string, holder: string): string {
  return (
    `I, ${holder || 'the account holder'}, authorize ${merchantName} to debit my bank account for the payments I ` +
    `agree to, and to credit it for any refund. This authorization stays in effect until I revoke it by contacting ` +
    `${merchantName}, in time for them to act on it.`
  );
}
