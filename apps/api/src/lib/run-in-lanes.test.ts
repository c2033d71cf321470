import { describe, expect, it } from 'vitest';
import { runInLanes } from './run-in-lanes';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('runInLanes', () => {
  it('runs a lane in order, other lanes side by side, never more than the limit at once', async () => {
    const items = ['a1', 'b1', 'a2', 'c1', 'd1', 'a3', 'e1'];
    const order: string[] = [];
    let running = 0;
    let most = 0;
    await runInLanes(items, { limit: 3, laneOf: (item) => item[0] ?? '' }, async (item) => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      order.push(item);
      running -= 1;
    });
    expect(order.filter((item) => item.startsWith('a'))).toEqual(['a1', 'a2', 'a3']);
    expect([...order].sort()).toEqual([...items].sort());
    expect(most).toBe(3);
  });

  it('starts no further lane after a failure, lets running ones finish, then throws the first error', async () => {
    const done: string[] = [];
    const run = runInLanes(['a', 'b', 'c', 'd'], { limit: 2, laneOf: (item) => item }, async (item) => {
      await tick();
      if (item === 'a') throw new Error('declined by the database');
      await tick();
      done.push(item);
    });
    await expect(run).rejects.toThrow('declined by the database');
    expect(done).toEqual(['b']);
  });
});
