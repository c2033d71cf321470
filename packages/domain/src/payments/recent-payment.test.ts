import { describe, expect, it } from 'vitest';
import { RECENT_PAYMENT_LOOKUP, type TransactionRowStatus } from './payments';
import { findMostRecentPayment } from './recent-payment';

const NOW = new Date('2026-11-25T15:00:00Z'); // 10:00 in New York
const ZONE = 'America/New_York';
const row = (id: string, status: TransactionRowStatus, created: string) => ({ id, status, created });

describe('findMostRecentPayment (SPEC §5)', () => {
  it("answers the earliest of today's PAID payments and refunds", () => {
    const found = findMostRecentPayment(
      [
        row('c', 'REFUND', '2026-11-25T14:00:00Z'),
        row('b', 'PAID', '2026-11-25T13:00:00Z'),
        row('a', 'FAILED', '2026-11-25T12:00:00Z'),
      ],
      NOW,
      ZONE,
    );
    expect(found?.id).toBe('b');
  });

  it("counts only the merchant's today: 04:30 UTC is still yesterday in New York", () => {
    const found = findMostRecentPayment([row('late', 'PAID', '2026-11-25T04:30:00Z')], NOW, ZONE);
    expect(found).toBeNull();
    expect(findMostRecentPayment([row('early', 'PAID', '2026-11-25T05:30:00Z')], NOW, ZONE)?.id).toBe('early');
  });

  it('ignores other statuses and answers null when none count', () => {
    const statuses: TransactionRowStatus[] = ['PENDING', 'FAILED', 'RETURNED', 'VOIDED', 'REFUNDED'];
    expect(
      findMostRecentPayment(
        statuses.map((s, i) => row(String(i), s, NOW.toISOString())),
        NOW,
        ZONE,
      ),
    ).toBeNull();
    expect(findMostRecentPayment([], NOW, ZONE)).toBeNull();
  });

  it('looks only among the first 50 transactions', () => {
    const failed = Array.from({ length: RECENT_PAYMENT_LOOKUP }, (_, i) =>
      row(`f${i}`, 'FAILED', '2026-11-25T14:30:00Z'),
    );
    expect(findMostRecentPayment([...failed, row('paid', 'PAID', '2026-11-25T14:00:00Z')], NOW, ZONE)).toBeNull();
  });
});
