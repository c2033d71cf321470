import { describe, expect, it } from 'vitest';
import { runClaimedBatches } from './run-claimed-batches';

describe('runClaimedBatches', () => {
  it('claims again while batches come back full, runs every claimed row once and answers how many', async () => {
    const rows = ['a1', 'b1', 'a2', 'c1', 'a3'];
    const limits: number[] = [];
    const ran: string[] = [];
    const count = await runClaimedBatches({
      claim: async (limit) => {
        limits.push(limit);
        return rows.splice(0, limit);
      },
      laneOf: (row) => row[0] ?? '',
      runOne: async (row) => {
        ran.push(row);
      },
      batchSize: 2,
    });
    expect(count).toBe(5);
    expect(limits).toEqual([2, 2, 2]);
    expect([...ran].sort()).toEqual(['a1', 'a2', 'a3', 'b1', 'c1']);
  });

  it('claims once more after a full last batch and stops on the empty one', async () => {
    const batches = [['a', 'b'], []];
    let claims = 0;
    const count = await runClaimedBatches({
      claim: async () => batches[claims++] ?? [],
      laneOf: (row) => row,
      runOne: async () => {},
      batchSize: 2,
    });
    expect(count).toBe(2);
    expect(claims).toBe(2);
  });

  it('stops at the first error of a row, claiming no further batch', async () => {
    let claims = 0;
    const run = runClaimedBatches({
      claim: async (limit) => {
        claims += 1;
        return Array.from({ length: limit }, (_, index) => `row${index}`);
      },
      laneOf: (row) => row,
      runOne: async (row) => {
        if (row === 'row1') throw new Error('declined by the database');
      },
      batchSize: 3,
    });
    await expect(run).rejects.toThrow('declined by the database');
    expect(claims).toBe(1);
  });
});
