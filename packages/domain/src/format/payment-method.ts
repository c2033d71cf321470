export type PaymentMethodLabelInput = {
  nickname?: string | null;
  masked_card_number?: string | null;
  masked_account_number?: string | null;
};

const MASKED_TAIL_LENGTH = 8;

/**
 * The nickname plus the last 8 characters of the masked number, card first, else account (SPEC §3):
 * `Work Visa XXXX4242`. Without a nickname only the masked tail shows; without either, ''.
 */
export function formatPaymentMethodLabel(method: PaymentMethodLabelInput): string {
  const nickname = method.nickname?.trim() ?? '';
  const masked = (method.masked_card_number?.trim() || method.masked_account_number?.trim()) ?? '';
  const tail = masked.slice(-MASKED_TAIL_LENGTH);
  return [nickname, tail].filter(Boolean).join(' ');
}
