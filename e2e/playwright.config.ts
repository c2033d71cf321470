import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);

// Journeys run against the built app on a fresh embedded database in a temporary directory.
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  // Bounds for a hung journey, not a pace: the longest journeys run axe a dozen times, and CI shares 2 cores.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // Fails the run when the server's log holds a secret the run issued.
  globalTeardown: './support/global-teardown.ts',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node start-server.mjs',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Links in emails point where the browser reaches the app, so the Outbox opens them in place. The app is also
    // opened on localhost (APP_ORIGINS), where connecting FreshBooks must come back.
    env: { PORT: String(PORT), PUBLIC_URL: `http://127.0.0.1:${PORT}`, APP_ORIGINS: `http://localhost:${PORT}` },
    stdout: 'ignore',
    stderr: 'pipe',
    // Without it Playwright SIGKILLs the server, whose embedded PostgreSQL (its own process group) would live on.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
