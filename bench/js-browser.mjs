// `npm run bench:js:browser -w bench` (after `npm run build`): the JavaScript a browser downloads for a first load of
// /login (signed out) and of Home (signed in, with the session stored by an earlier sign-in), measured in Chromium
// against the built server: every script response's bytes as transferred (compressed as served, headers included,
// from the DevTools protocol's loadingFinished), from the navigation until the network has been idle for 500 ms, with
// an empty cache. With `--check` (`npm run check:js -w bench`, run by `.ci/run` after the build) it fails when /login
// or the public pay page (a live payment link's /pay/{token}) is over its budget (issue 17: 150 KB; issue 19: the pay
// page 60 KB; KB = 1024 bytes). The server runs on a fresh embedded database with the demo
// data (JS_BENCH_PORT, default 3930); `--json` also prints every script of each page.
import { chromium } from 'playwright-core';
import {
  payLinkPath,
  prepareEngine,
  serverFile,
  signInThroughLogin,
  startServer,
  stopProcess,
  waitFor,
} from './lib.mjs';
import { existsSync } from 'node:fs';

const PORT = Number(process.env.JS_BENCH_PORT ?? 3930);
const BASE = `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUDGETS_KB = { '/login': 150, '/pay/{token}': 60 };
const webIndex = new URL('../apps/web/dist/index.html', import.meta.url);

const kilobytes = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Opens `path` in a new page of `context` with the cache disabled and returns each script the page fetched before the
 * network went idle: its URL, bytes transferred (headers and compressed body) and content encoding.
 */
async function measurePage(context, path) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const responses = new Map();
  const scripts = [];
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type !== 'Script') return;
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    responses.set(requestId, { url: new URL(response.url).pathname, encoding: headers['content-encoding'] ?? 'none' });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const script = responses.get(requestId);
    if (script) scripts.push({ ...script, bytes: encodedDataLength });
  });
  await page.goto(`${BASE}${path}`, { waitUntil: 'networkidle' });
  const landedOn = new URL(page.url()).pathname;
  await page.close();
  return { path, landedOn, scripts, bytes: scripts.reduce((sum, script) => sum + script.bytes, 0) };
}

/** A browser context holding a signed-in session (the tokens the app keeps in localStorage), signed in through Login. */
async function signedInState(browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughLogin(page, BASE);
  const state = await context.storageState();
  await context.close();
  return state;
}

if (!existsSync(webIndex) || !existsSync(serverFile)) {
  console.error('The built app is missing: run `npm run build` first.');
  process.exit(1);
}

const engine = await prepareEngine('embedded');
const server = startServer({ ...engine.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
let browser;
let results;
try {
  await waitFor(`${BASE}/api/health`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const signedOut = await browser.newContext();
  const login = await measurePage(signedOut, '/login');
  // The public pay page: its own small entry (decision 0022), measured at a live link's path.
  const payPath = await payLinkPath(BASE);
  const pay = { ...(await measurePage(signedOut, payPath)), budget: '/pay/{token}' };
  await signedOut.close();
  const signedIn = await browser.newContext({ storageState: await signedInState(browser) });
  const home = { ...(await measurePage(signedIn, '/')), signedIn: true };
  await signedIn.close();
  results = [login, pay, home];
} finally {
  await browser?.close();
  await stopProcess(server);
  await engine.cleanup();
}

console.log(
  'JS a browser downloads for a first load (Chromium, empty cache, until the network is idle; KB = 1024 bytes)',
);
console.table(
  results.map((result) => ({
    page: result.signedIn ? `${result.path} (signed in)` : (result.budget ?? result.path),
    'landed on': result.landedOn,
    scripts: result.scripts.length,
    transferred: kilobytes(result.bytes),
    encodings: [...new Set(result.scripts.map((script) => script.encoding))].join(', '),
  })),
);
if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));

const wrongPage = results.filter((result) => result.landedOn !== result.path);
for (const result of wrongPage) console.error(`${result.path} ended on ${result.landedOn}: the measure is not of it`);
if (wrongPage.length > 0) process.exit(1);
if (process.argv.includes('--check')) {
  const over = results.filter(
    (result) => !result.signedIn && result.bytes > (BUDGETS_KB[result.budget ?? result.path] ?? Infinity) * 1024,
  );
  for (const result of over) {
    const name = result.budget ?? result.path;
    console.error(
      `${name}: ${kilobytes(result.bytes)} of scripts transferred, over its budget of ${BUDGETS_KB[name]} KB`,
    );
  }
  if (over.length > 0) process.exit(1);
  console.log(`Within budget: ${Object.keys(BUDGETS_KB).join(', ')}`);
}
