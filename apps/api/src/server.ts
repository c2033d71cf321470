import { buildApp, loggerOptions } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { migrateDatabase } from './db/migrate';
import { openConfiguredDatabase } from './db/open-configured-database';
import { seedDemoDataIfEmpty } from './db/seed';
import { resolveEncryptionKey, resolveJwtSecret } from './lib/secrets';
import { seedDemoPayments } from './modules/payments/payments.public';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** How long each start-up step took, in ms, for the "running" log line (restarts should take seconds). */
function startupPhases() {
  const durations: Record<string, number> = { modules: Math.round(performance.now()) };
  let last = performance.now();
  return {
    mark(phase: string) {
      const now = performance.now();
      durations[phase] = Math.round(now - last);
      last = now;
    },
    durations: () => durations,
  };
}

async function main() {
  const config = readConfig();
  const phases = startupPhases();
  const database = await openConfiguredDatabase(config, {
    onUnexpectedExit(details) {
      console.error(`The embedded PostgreSQL server stopped unexpectedly:\n${details}`);
      process.exit(1);
    },
  });
  phases.mark('database');
  await migrateDatabase(database);
  phases.mark('migrations');
  // Demo data goes into an empty embedded database by default, never into a real server unless asked.
  const seed = config.SEED_DEMO_DATA ?? (!config.DATABASE_URL && config.NODE_ENV !== 'production');
  const encryptionKey = resolveEncryptionKey(config);
  if (seed) await seedDemoDataIfEmpty(database.db, { encryptionKey });
  phases.mark('seed');

  const app = await buildApp({
    config: { ...config, JWT_SECRET: resolveJwtSecret(config), ENCRYPTION_KEY: encryptionKey },
    database,
    logger: loggerOptions(config),
  });
  phases.mark('app');
  // The demo's payments go through the payments services, so they need the app's providers and jobs.
  if (seed) {
    await app.ready();
    await seedDemoPayments(app.ctx);
  }
  phases.mark('demo_payments');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  phases.mark('listen');
  app.log.info({ startup_ms: phases.durations() }, `Paydesk is running at http://localhost:${config.PORT}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
