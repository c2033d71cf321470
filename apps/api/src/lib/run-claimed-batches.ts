// The shell of a job that works through rows it claims (scheduled payments, autopay): claim a batch, run it in lanes,
// claim again until a batch comes back short. Claiming is the caller's one statement with SKIP LOCKED, so two
// processes running the job at once take different rows; a claim older than CLAIM_LEASE_MS belongs to a process that
// died and is taken again.

import { runInLanes } from './run-in-lanes';

/** A claim this old belongs to a run that died: its row is taken again. */
export const CLAIM_LEASE_MS = 10 * 60 * 1000;
/** Rows one claim takes at most. */
const BATCH = 50;
/** Rows of a claimed batch run at once by one process. */
const IN_FLIGHT = 8;

/** The moment before which a claim is stale (its run died) and the row may be claimed again. */
export function staleClaimsBefore(now: Date): Date {
  return new Date(now.getTime() - CLAIM_LEASE_MS);
}

/**
 * Claims up to `batchSize` rows at a time and runs `runOne` on each, rows of one lane one after another (each sees what
 * the one before did), other lanes side by side, `inFlight` at most; stops after the first batch that comes back short.
 * Answers how many rows it ran. An error thrown by `runOne` ends the run (see runInLanes).
 */
export async function runClaimedBatches<T>(options: {
  claim: (limit: number) => Promise<readonly T[]>;
  laneOf: (row: T) => string;
  runOne: (row: T) => Promise<void>;
  batchSize?: number;
  inFlight?: number;
}): Promise<number> {
  const { claim, laneOf, runOne, batchSize = BATCH, inFlight = IN_FLIGHT } = options;
  let ran = 0;
  for (;;) {
    const claimed = await claim(batchSize);
    await runInLanes(claimed, { limit: inFlight, laneOf }, runOne);
    ran += claimed.length;
    if (claimed.length < batchSize) return ran;
  }
}
