// What the pay page and the API share without zod (the pay page is a small entry of its own, decision 0022).

/** The exact debit authorisation the pay page shows for a bank payment (kept with the payment method). */
export function bankAuthorizationText(merchantName: string, amountText: string): string {
  return `I authorize ${merchantName} to debit ${amountText} from the bank account above, once.`;
}
