import { describe, expect, it } from 'vitest';
import { sharedFreshReads } from './versioned-cache';

/** A read whose answers the test gives by hand, in the order the reads were sent. */
function manualReads() {
  const sent: Array<{ answer: (value: number) => void; fail: (error: Error) => void }> = [];
  const read = () =>
    new Promise<number>((answer, fail) => {
      sent.push({ answer, fail });
    });
  return { sent, read };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('sharedFreshReads', () => {
  it('reads at once for a caller alone', async () => {
    const { sent, read } = manualReads();
    const shared = sharedFreshReads(read);
    const first = shared();
    expect(sent).toHaveLength(1);
    sent[0]?.answer(1);
    expect(await first).toBe(1);
    const second = shared();
    expect(sent).toHaveLength(2);
    sent[1]?.answer(2);
    expect(await second).toBe(2);
  });

  it('never gives a caller the read that was in flight when it came, and shares the next one', async () => {
    const { sent, read } = manualReads();
    const shared = sharedFreshReads(read);
    const early = shared();
    const late = [shared(), shared(), shared()];
    // The late callers wait: no second read while the first is in flight.
    expect(sent).toHaveLength(1);
    sent[0]?.answer(1);
    expect(await early).toBe(1);
    await settled();
    expect(sent).toHaveLength(2);
    // A caller that comes while the shared read is in flight waits for a third one.
    const later = shared();
    sent[1]?.answer(2);
    expect(await Promise.all(late)).toEqual([2, 2, 2]);
    await settled();
    expect(sent).toHaveLength(3);
    sent[2]?.answer(3);
    expect(await later).toBe(3);
  });

  it('sends the next read after a failed one, and fails only the callers of the failed read', async () => {
    const { sent, read } = manualReads();
    const shared = sharedFreshReads(read);
    const failing = shared();
    const next = shared();
    sent[0]?.fail(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    await settled();
    sent[1]?.answer(5);
    expect(await next).toBe(5);
  });
});
