// Starts the built server on a fresh embedded database in a temporary directory, removed on exit (after the
// server has stopped the PostgreSQL it started there). The server's log goes to logs/server.log (request lines
// included), where the run's global teardown looks for any secret the run issued.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const logsDir = fileURLToPath(new URL('./logs/', import.meta.url));
mkdirSync(logsDir, { recursive: true });
const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-e2e-'));
writeFileSync(join(logsDir, 'server.json'), JSON.stringify({ dataDir }));
const log = createWriteStream(join(logsDir, 'server.log'));

const server = spawn(process.execPath, [new URL('../apps/api/dist/server.js', import.meta.url).pathname], {
  env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.pipe(log, { end: false });
server.stderr.on('data', (chunk) => {
  log.write(chunk);
  process.stderr.write(chunk);
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  log.end(() => process.exit(code ?? 0));
});
