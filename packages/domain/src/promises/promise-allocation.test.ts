import { describe, expect, it } from 'vitest';
import { allocatePaymentsToPromises, type AllocatedPromise } from './promise-allocation';

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));
const promise = (id: string, created: number, due: number, amountCents: number): AllocatedPromise => ({
  id,
  created: day(created),
  due: day(due),
  until: day(due),
  amountCents,
});

describe('allocatePaymentsToPromises', () => {
  it('counts one payment once: the promise due first is covered first, the rest goes to the next', () => {
    const paid = allocatePaymentsToPromises(
      [promise('late', 1, 10, 5_000), promise('early', 2, 5, 5_000)],
      [{ at: day(3), amountCents: 7_000 }],
    );
    expect(paid.get('early')).toBe(5_000);
    expect(paid.get('late')).toBe(2_000);
  });

  it('gives a promise only the payments inside its window', () => {
    const paid = allocatePaymentsToPromises(
      [promise('a', 1, 5, 5_000), promise('b', 6, 10, 5_000)],
      [
        { at: day(4), amountCents: 5_000 },
        { at: day(7), amountCents: 1_000 },
        { at: day(11), amountCents: 9_000 },
      ],
    );
    expect(paid.get('a')).toBe(5_000);
    expect(paid.get('b')).toBe(1_000);
  });

  it('counts a payment its own scheduled run took after the promise time', () => {
    const late = { ...promise('scheduled', 1, 5, 3_000), until: new Date(day(5).getTime() + 5 * 60_000) };
    const paid = allocatePaymentsToPromises([late], [{ at: new Date(day(5).getTime() + 60_000), amountCents: 3_000 }]);
    expect(paid.get('scheduled')).toBe(3_000);
  });
});
