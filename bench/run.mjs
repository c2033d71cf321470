// `npm run bench`: starts the built server and measures the API under load on this machine (loopback only,
// bounded in time), beside a bare Fastify hello-world measured in the same run. Engines: the embedded default and
// PostgreSQL (BENCH_DATABASE_URL, or a fresh database on the machine's server at 127.0.0.1:5432).
// Results are printed and written to results/latest.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import autocannon from 'autocannon';
import { cpuMs, peakRssMb, prepareEngine, signIn, startProcess, startServer, stopProcess, waitFor } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3900);
const HELLO_PORT = PORT + 1;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ENGINES = (process.env.BENCH_ENGINES ?? 'embedded,postgres').split(',').filter(Boolean);

const HELLO_WORLD = `
const app = require('fastify')();
app.get('/', async () => ({ hello: 'world' }));
app.listen({ host: '127.0.0.1', port: ${HELLO_PORT} });
`;

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

async function benchEngine(engine, hello) {
  const base = `http://127.0.0.1:${PORT}`;
  const { env, cleanup } = await prepareEngine(engine);
  // The default log level: request logging is part of what is measured.
  const server = startServer({
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
