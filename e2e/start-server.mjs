// Starts the built server on a fresh embedded database in a temporary directory, removed on exit (after the
// server has stopped the PostgreSQL it started there).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-e2e-'));
const server = spawn(process.execPath, [new URL('../apps/api/dist/server.js', import.meta.url).pathname], {
  env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  stdio: 'inherit',
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
