// `node bench/customer-import.mjs` (after `npm run build`; BENCH_PORT, default 3950): starts the built server on a
// fresh embedded database, uploads a generated CSV of IMPORT_ROWS customers (default 50,000; every 100th row bad)
// to Demo Motors and times the import from the upload to the job's completion (target: 50k rows in under 60 s);
// then imports the same file again (every row an update that changes nothing) and a third time with every 10th
// row's amount due changed (IMPORT_REIMPORT=0 skips these two). Prints a JSON summary per run, with the CPU seconds
// the server and its embedded PostgreSQL used meanwhile (`cpu_s`): on a shared, loaded machine the wall time mostly
// measures the others' load, the CPU time much less so.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { signIn, waitFor } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3950);
const ROWS = Number(process.env.IMPORT_ROWS ?? 50_000);
const TIMEOUT_MS = Number(process.env.IMPORT_TIMEOUT_MS ?? 15 * 60_000);
const REIMPORT = process.env.IMPORT_REIMPORT !== '0';
const base = `http://127.0.0.1:${PORT}`;
const serverFile = new URL('../apps/api/dist/server.js', import.meta.url).pathname;

/** User + system CPU seconds of a process and its descendants still running (Linux /proc; null elsewhere). */
function cpuSecondsOfTree(rootPid) {
  try {
    const stats = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .flatMap((pid) => {
        try {
          // Fields after the command name (which may contain spaces): state is [0], ppid [1], utime [11], stime [12].
          const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1).split(' ');
          return [{ pid: Number(pid), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) }];
        } catch {
          return [];
        }
      });
    const tree = new Set([rootPid]);
    for (let grew = true; grew;) {
      grew = false;
      for (const stat of stats) {
        if (!tree.has(stat.pid) && tree.has(stat.ppid)) {
          tree.add(stat.pid);
          grew = true;
        }
      }
    }
    // Clock ticks are 1/100 s on Linux.
    return stats.filter((stat) => tree.has(stat.pid)).reduce((sum, stat) => sum + stat.ticks, 0) / 100;
  } catch {
    return null;
  }
}

async function call(path, token, init = {}) {
  const response = await fetch(`${base}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (response.status === 401 && token) return call(path, await signIn(base), init);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The bench's file; with `changed`, every 10th row's amount due is 1.00 more (a re-import that updates them). */
function generateCsv(rows, { changed = false } = {}) {
  const lines = ['First Name,Last Name,Email,Phone,Account Number,Amount Due,Due Date,Status,Location,Tags'];
  for (let index = 0; index < rows; index += 1) {
    const bad = index % 100 === 99;
    // 2xx-555-xxxx style numbers with real area codes: 50k distinct valid US numbers.
    const area = [201, 202, 203, 205, 206][index % 5];
    const phone = `(${area}) ${String(200 + Math.floor(index / 10_000)).padStart(3, '0')}-${String(index % 10_000).padStart(4, '0')}`;
    lines.push(
      [
        `First${index}`,
        `Bench${index}`,
        bad ? 'not-an-email' : `bench${index}@example.com`,
        phone,
        `BENCH-${index}`,
        `${(index % 5000) + 10 + (changed && index % 10 === 0 ? 1 : 0)}.${String(index % 100).padStart(2, '0')}`,
        `${String((index % 12) + 1).padStart(2, '0')}/${String((index % 28) + 1).padStart(2, '0')}/2031`,
        index % 7 === 0 ? 'Pending' : 'Active',
        index % 2 === 0 ? 'Main St' : 'Airport Rd',
        index % 10 === 0 ? 'VIP' : '',
      ].join(','),
    );
  }
  return lines.join('\n');
}

const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-bench-import-'));
const server = spawn(process.execPath, [serverFile], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stopped = new Promise((resolve) => server.on('exit', resolve));

try {
  await waitFor(`${base}/api/health`);
  const access = await signIn(base);
  const merchants = await call('/merchants/?search=Demo%20Motors', access);
  const merchant = merchants.results.find((row) => row.name === 'Demo Motors');
  const csv = generateCsv(ROWS);
  const mapping = {
    first_name: 'First Name',
    last_name: 'Last Name',
    email: 'Email',
    sms_phone_number: 'Phone',
    external_id: 'Account Number',
    amount_due: 'Amount Due',
    due_date: 'Due Date',
    status: 'Status',
    location: 'Location',
    tags: 'Tags',
  };
  /** Uploads the file and waits for its import to complete; the run's times, CPU and counters. */
  async function timeImport(label, file) {
    const cpuBefore = cpuSecondsOfTree(server.pid);
    const started = performance.now();
    const created = await call(`/merchants/${merchant.id}/customer_imports/`, access, {
      method: 'POST',
      body: JSON.stringify({ file_name: 'bench.csv', csv: file, mapping }),
    });
    const uploadedMs = performance.now() - started;
    let state = created;
    const samples = [];
    while (state.status !== 'completed') {
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`${label}: not finished after ${TIMEOUT_MS} ms`);
      if (state.status === 'failed') throw new Error(`${label}: import failed: ${state.error}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      state = await call(`/merchants/${merchant.id}/customer_imports/${created.id}/`, access);
      const sample = { s: Math.round((performance.now() - started) / 1000), processed: state.processed };
      samples.push(sample);
      if (samples.length % 15 === 0) console.error(JSON.stringify({ run: label, ...sample }));
    }
    const wallMs = performance.now() - started;
    const cpuAfter = cpuSecondsOfTree(server.pid);
    return {
      run: label,
      rows: ROWS,
      csv_mb: +(Buffer.byteLength(file) / 1024 / 1024).toFixed(1),
      upload_ms: Math.round(uploadedMs),
      wall_s: +(wallMs / 1000).toFixed(1),
      rows_per_s: Math.round(ROWS / (wallMs / 1000)),
      cpu_s: cpuBefore === null || cpuAfter === null ? null : +(cpuAfter - cpuBefore).toFixed(1),
      load_average: loadavg().map((value) => +value.toFixed(1)),
      imported: state.imported,
      updated: state.updated,
      failed: state.failed,
      cpus: cpus().length,
      progress: samples.filter((_sample, index) => index % 10 === 0),
    };
  }

  const runs = [await timeImport('first import', csv)];
  console.log(JSON.stringify(runs.at(-1), null, 2));
  if (REIMPORT) {
    runs.push(await timeImport('re-import, same file', csv));
    console.log(JSON.stringify(runs.at(-1), null, 2));
    runs.push(await timeImport('re-import, every 10th amount changed', generateCsv(ROWS, { changed: true })));
    console.log(JSON.stringify(runs.at(-1), null, 2));
  }
} finally {
  server.kill('SIGTERM');
  await stopped;
  rmSync(dataDir, { recursive: true, force: true });
}
