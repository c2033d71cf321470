// `npm run bench`: starts the built server and measures the API under load on this machine (loopback only,
// bounded in time), beside a bare Fastify hello-world measured in the same run. Engines: the embedded default and
// PostgreSQL (BENCH_DATABASE_URL, or a fresh database on the machine's server at 127.0.0.1:5432).
// Results are printed and written to results/latest.json.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const PORT = Number(process.env.BENCH_PORT ?? 3900);
const HELLO_PORT = PORT + 1;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ENGINES = (process.env.BENCH_ENGINES ?? 'embedded,postgres').split(',').filter(Boolean);
const POSTGRES_SERVER = process.env.BENCH_POSTGRES_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const serverFile = new URL('../apps/api/dist/server.js', import.meta.url).pathname;

const HELLO_WORLD = `
const app = require('fastify')();
app.get('/', async () => ({ hello: 'world' }));
app.listen({ host: '127.0.0.1', port: ${HELLO_PORT} });
`;

async function waitFor(url) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer`);
}

async function signIn(base) {
  const response = await fetch(`${base}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'Paydesk!2026' }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return (await response.json()).access;
}

/** Peak resident memory of a process so far, in MB (Linux). */
function peakRssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return null;
  }
}

/** CPU time a process has used so far, in ms (Linux; clock ticks of 10 ms). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * Drives one URL. With `pid`, also reports the server's CPU time per request: on a shared, busy machine
 * throughput swings with the neighbours' load, CPU per request much less.
 */
function measure(title, options, pid) {
  const cpuBefore = pid ? cpuMs(pid) : null;
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options }, (error, result) => {
      if (error) return reject(error);
      const cpuAfter = pid ? cpuMs(pid) : null;
      const cpuPerRequestUs =
        cpuBefore === null || cpuAfter === null || result.requests.total === 0
          ? null
          : Math.round(((cpuAfter - cpuBefore) * 1000) / result.requests.total);
      resolve({
        title,
        requestsPerSecond: Math.round(result.requests.average),
        cpuPerRequestUs,
        latencyP50ms: result.latency.p50,
        latencyP99ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
  });
}

function startProcess(args, env) {
  return spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function stopProcess(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function adminQuery(text) {
  const client = new pg.Client({ connectionString: POSTGRES_SERVER });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Where the app's data lives for one engine, and how to clean it up afterwards. */
async function prepareEngine(engine) {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-bench-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'embedded') return { env: { DATA_DIR: dataDir }, cleanup: removeDir };
  if (process.env.BENCH_DATABASE_URL) {
    return { env: { DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL }, cleanup: removeDir };
  }
  const name = `paydesk_bench_${process.pid}`;
  await adminQuery(`drop database if exists ${name}`);
  await adminQuery(`create database ${name}`);
  const url = new URL(POSTGRES_SERVER);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), SEED_DEMO_DATA: 'true' },
    cleanup: async () => {
      removeDir();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

async function benchEngine(engine, hello) {
  const base = `http://127.0.0.1:${PORT}`;
  const { env, cleanup } = await prepareEngine(engine);
  // The default log level: request logging is part of what is measured.
  const server = startProcess([serverFile], {
    ...env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  });
  try {
    await waitFor(`${base}/api/health`);
    const headers = { authorization: `Bearer ${await signIn(base)}` };
    const health = await measure('GET /api/health', { url: `${base}/api/health` }, server.pid);
    const scenarios = [
      health,
      await measure('GET /api/merchants/ (signed in as admin)', { url: `${base}/api/merchants/`, headers }, server.pid),
      await measure('GET /api/profile/ (signed in as admin)', { url: `${base}/api/profile/`, headers }, server.pid),
    ];
    const peakRss = peakRssMb(server.pid);
    return {
      engine,
      peakRssMb: peakRss,
      scenarios: scenarios.map((scenario) => ({
        ...scenario,
        ofHelloWorld: Number((scenario.requestsPerSecond / hello.requestsPerSecond).toFixed(3)),
        ofHealth: Number((scenario.requestsPerSecond / health.requestsPerSecond).toFixed(2)),
      })),
    };
  } finally {
    await stopProcess(server);
    await cleanup();
  }
}

const helloServer = startProcess(['-e', HELLO_WORLD], {});
let hello;
try {
  await waitFor(`http://127.0.0.1:${HELLO_PORT}/`);
  hello = await measure('bare Fastify hello-world', { url: `http://127.0.0.1:${HELLO_PORT}/` }, helloServer.pid);
} finally {
  await stopProcess(helloServer);
}
console.log(hello);

const engines = [];
for (const engine of ENGINES) {
  const result = await benchEngine(engine, hello);
  console.log(`\n${engine} (peak RSS ${result.peakRssMb} MB)`);
  console.table(
    result.scenarios.map((scenario) => ({
      title: scenario.title,
      'req/s': scenario.requestsPerSecond,
      'app CPU µs/req': scenario.cpuPerRequestUs,
      p50: scenario.latencyP50ms,
      p99: scenario.latencyP99ms,
      'of health': scenario.ofHealth,
      'of hello-world': scenario.ofHelloWorld,
      non2xx: scenario.non2xx,
    })),
  );
  engines.push(result);
}

mkdirSync(new URL('./results', import.meta.url), { recursive: true });
writeFileSync(
  new URL('./results/latest.json', import.meta.url),
  JSON.stringify(
    {
      at: new Date().toISOString(),
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model, memoryMb: Math.round(totalmem() / 2 ** 20) },
      node: process.version,
      connections: CONNECTIONS,
      seconds: SECONDS,
      helloWorld: hello,
      engines,
    },
    null,
    2,
  ),
);
