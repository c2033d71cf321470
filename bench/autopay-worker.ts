// One process of autopay-run.mjs: the API's context on DATABASE_URL (job workers off, so the queue's own schedule
// does not run the job too), then, when told "go" on stdin, the day's autopay and scheduled-payments runs at once, as
// the job handlers call them. Prints one JSON line when ready and one when done (with the process's CPU seconds and
// the statements it sent to PostgreSQL during the run). Run with tsx (`node --import tsx`).
import { createInterface } from 'node:readline';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openConfiguredDatabase } from '../apps/api/src/db/open-configured-database';
import { resolveEncryptionKey, resolveJwtSecret } from '../apps/api/src/lib/secrets';
import { runDueAutopays } from '../apps/api/src/modules/autopay/run-autopay';
import { runDueScheduledPayments } from '../apps/api/src/modules/scheduled-payments/run-scheduled-payments';

const config = loadConfig();
const database = await openConfiguredDatabase(config, { onUnexpectedExit: () => process.exit(1) });
const app = await buildApp({
  config: { ...config, JWT_SECRET: resolveJwtSecret(config), ENCRYPTION_KEY: resolveEncryptionKey(config) },
  database,
  runJobWorkers: false,
});
await app.ready();
console.log(JSON.stringify({ ready: true }));
const lines = createInterface({ input: process.stdin });
for await (const line of lines) if (line.trim() === 'go') break;
let statements = 0;
// BENCH_STATEMENTS=1: which statements, as a histogram on stderr at the end.
const statementTexts = process.env.BENCH_STATEMENTS === '1' ? new Map<string, number>() : null;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  if (statementTexts) {
    const first = args[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first?.text ?? '')).replace(/\s+/g, ' ').slice(0, 140);
    statementTexts.set(text, (statementTexts.get(text) ?? 0) + 1);
  }
  return (query as (...rest: unknown[]) => unknown).apply(this, args);
} as typeof query;
const started = performance.now();
const cpuBefore = process.cpuUsage();
const [autopays, scheduled] = await Promise.all([runDueAutopays(app.ctx), runDueScheduledPayments(app.ctx)]);
const cpu = process.cpuUsage(cpuBefore);
const ms = Math.round(performance.now() - started);
const cpuSeconds = Number(((cpu.user + cpu.system) / 1e6).toFixed(1));
console.log(JSON.stringify({ autopays, scheduled, ms, 'cpu s': cpuSeconds, statements }));
if (statementTexts) {
  for (const [text, count] of [...statementTexts].sort((a, b) => b[1] - a[1])) console.error(`${count}\t${text}`);
}
await app.close();
await database.close();
process.exit(0);
