// Which payments keep which promise (issue 19 item 3): one payment never counts for two promises. Payments are taken
// in time order and each cent goes to the open promise due first whose window holds the payment (from its recording
// to its time, or to when its own scheduled payment ran, if later) and is not yet covered; what is left over goes
// to the next one due.

export type AllocatedPromise = { id: string; created: Date; due: Date; until: Date; amountCents: number };
export type AllocatedPayment = { at: Date; amountCents: number };

/** What each promise was paid, in cents, by the payments given. */
export function allocatePaymentsToPromises(
  promises: readonly AllocatedPromise[],
  payments: readonly AllocatedPayment[],
): Map<string, number> {
  const byDue = [...promises].sort(
    (a, b) => a.due.getTime() - b.due.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const paid = new Map(byDue.map((promise) => [promise.id, 0]));
  const inTimeOrder = [...payments].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const payment of inTimeOrder) {
    let left = payment.amountCents;
    for (const promise of byDue) {
      if (left <= 0) break;
      if (payment.at < promise.created || payment.at > promise.until) continue;
      const covered = paid.get(promise.id) ?? 0;
      const take = Math.min(left, promise.amountCents - covered);
      if (take <= 0) continue;
      paid.set(promise.id, covered + take);
      left -= take;
    }
  }
  return paid;
}
