// One process of autopay-run.mjs: the API's context on DATABASE_URL (job workers off, so the queue's own schedule
// does not run the job too), then, when told "go" on stdin, the day's autopay and scheduled-payments runs at once, as
// the job handlers call them. Prints one JSON line when ready and one when done. Run with tsx (`node --import tsx`).
import { createInterface } from 'node:readline';
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
const started = performance.now();
const [autopays, scheduled] = await Promise.all([runDueAutopays(app.ctx), runDueScheduledPayments(app.ctx)]);
console.log(JSON.stringify({ autopays, scheduled, ms: Math.round(performance.now() - started) }));
await app.close();
await database.close();
process.exit(0);
