// `npm run bench:lighthouse -w bench` (after `npm run build`): Lighthouse's mobile performance (its default config:
// a mid-range phone, 4× CPU slowdown, simulated slow 4G) for /login signed out, for the public pay page of a live
// payment link (issue 19 item 6: performance ≥ 95; the link is issued through the API first) and for Home signed in, on the built
// app in Chromium (/usr/bin/chromium, or CHROMIUM_PATH). Each page runs LIGHTHOUSE_RUNS times (default 3), and the
// run with the median score is reported with its FCP, LCP, TBT, CLS and Speed Index. Home is signed in through Login
// first (the session's tokens stay in localStorage, so Lighthouse runs without its storage reset and the cache is
// cleared before each run instead). Not run by CI: the scores move with the machine's load. The server runs on a
// fresh embedded database with the demo data (LIGHTHOUSE_PORT, default 3931).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { payLinkPath, prepareEngine, signInThroughLogin, startServer, stopProcess, waitFor } from './lib.mjs';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3931);
const DEBUGGING_PORT = PORT + 1000;
const BASE = `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
};

/** Chromium with its DevTools port open, for Lighthouse and for Playwright (to sign in) at once. */
async function launchChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'paydesk-lighthouse-'));
  const browser = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      `--remote-debugging-port=${DEBUGGING_PORT}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  await waitFor(`http://127.0.0.1:${DEBUGGING_PORT}/json/version`);
  return {
    async close() {
      const exited = new Promise((resolve) => browser.once('exit', resolve));
      browser.kill('SIGTERM');
      await exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function signIn() {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${DEBUGGING_PORT}`);
  const page = await browser.contexts()[0].newPage();
  await signInThroughLogin(page, BASE);
  await page.close();
  return browser;
}

async function clearCache(browser) {
  const context = browser.contexts()[0];
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
}

let lighthouseVersion = '';

async function audit(path, { keepStorage = false } = {}) {
  const { lhr } = await lighthouse(`${BASE}${path}`, {
    port: DEBUGGING_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: keepStorage,
  });
  lighthouseVersion = lhr.lighthouseVersion;
  if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
  const landedOn = new URL(lhr.finalDisplayedUrl).pathname;
  if (landedOn !== path) throw new Error(`${path} ended on ${landedOn}: the audit is not of it`);
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    ...Object.fromEntries(Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id].displayValue])),
  };
}

function median(runs) {
  return [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];
}

const engine = await prepareEngine('embedded');
const server = startServer({ ...engine.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
let chrome;
let session;
const rows = [];
const notes = [];
try {
  await waitFor(`${BASE}/api/health`);
  chrome = await launchChromium();
  const login = [];
  for (let run = 0; run < RUNS; run += 1) login.push(await audit('/login'));
  rows.push({ page: '/login', runs: login.map((result) => result.score).join(' '), ...median(login) });

  // The pay page: a customer opening a link on a phone, signed out (Lighthouse resets storage before each run).
  const payPath = await payLinkPath(BASE);
  const pay = [];
  for (let run = 0; run < RUNS; run += 1) pay.push(await audit(payPath));
  const payMedian = median(pay);
  rows.push({ page: '/pay/{token}', runs: pay.map((result) => result.score).join(' '), ...payMedian });
  if (payMedian.score < 95) notes.push(`/pay/{token}: performance ${payMedian.score}, under issue 19's 95`);

  session = await signIn();
  const home = [];
  for (let run = 0; run < RUNS; run += 1) {
    await clearCache(session);
    home.push(await audit('/', { keepStorage: true }));
  }
  rows.push({ page: '/ (signed in)', runs: home.map((result) => result.score).join(' '), ...median(home) });
} finally {
  await session?.close();
  await chrome?.close();
  await stopProcess(server);
  await engine.cleanup();
}
console.log(`Lighthouse ${lighthouseVersion} mobile performance, ${RUNS} runs each; the median run's metrics:`);
console.table(rows);
for (const note of notes) console.log(`FAIL: ${note}`);
