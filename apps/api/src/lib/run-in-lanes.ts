// Bounded concurrency for a job's batch: items that share a lane (e.g. the same account) run one after another in
// their order, different lanes run side by side, at most `limit` at a time. A job that waits on the database and the
// processor for each item is otherwise bound by one item's round trips.

/**
 * Runs `work` on every item, `limit` lanes at a time. When one throws, no further lane starts; those running finish,
 * then the first error is thrown (the items not run stay as the caller left them, e.g. claimed until their lease ends).
 */
export async function runInLanes<T>(
  items: readonly T[],
  options: { limit: number; laneOf: (item: T) => string },
  work: (item: T) => Promise<void>,
): Promise<void> {
  const lanes = new Map<string, T[]>();
  for (const item of items) {
    const lane = options.laneOf(item);
    const queue = lanes.get(lane);
    if (queue) queue.push(item);
    else lanes.set(lane, [item]);
  }
  const pending = [...lanes.values()];
  const errors: unknown[] = [];
  const runner = async () => {
    for (let lane = pending.shift(); lane && errors.length === 0; lane = pending.shift()) {
      try {
        for (const item of lane) await work(item);
      } catch (error) {
        errors.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.limit, pending.length) }, runner));
  if (errors.length > 0) throw errors[0];
}
