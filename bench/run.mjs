// `npm run bench`: starts the built server on a fresh embedded database (it starts its own PostgreSQL) and measures the API under load
// on this machine (loopback only, bounded in time). Results are printed and written to results/latest.json.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const PORT = Number(process.env.BENCH_PORT ?? 3900);
const BASE = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const serverFile = new URL('../apps/api/dist/server.js', import.meta.url).pathname;

async function waitForHealth() {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not become healthy');
}

async function signIn() {
  const response = await fetch(`${BASE}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'Paydesk!2026' }),
  });
  return (await response.json()).access;
}

function measure(title, options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 20, duration: SECONDS, ...options }, (error, result) => {
      if (error) return reject(error);
      const summary = {
        title,
        requestsPerSecond: Math.round(result.requests.average),
        latencyP50ms: result.latency.p50,
        latencyP99ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      };
      console.log(summary);
      resolve(summary);
    });
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-bench-'));
const server = spawn(process.execPath, [serverFile], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
try {
  await waitForHealth();
  const access = await signIn();
  const results = [
    await measure('GET /api/health', { url: `${BASE}/api/health` }),
    await measure('GET /api/merchants/ (signed in)', {
      url: `${BASE}/api/merchants/`,
      headers: { authorization: `Bearer ${access}` },
    }),
    await measure('GET /api/profile/ (signed in)', {
      url: `${BASE}/api/profile/`,
      headers: { authorization: `Bearer ${access}` },
    }),
  ];
  mkdirSync(new URL('./results', import.meta.url), { recursive: true });
  writeFileSync(
    new URL('./results/latest.json', import.meta.url),
    JSON.stringify({ at: new Date().toISOString(), results }, null, 2),
  );
} finally {
  // The server stops its embedded PostgreSQL on SIGTERM; its data folder goes only after that.
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
