import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API_ROOT } from '../src/paths';

const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-server-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs src/server.ts as `npm start` runs the bundle: its own process, configured by the environment. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(API_ROOT, 'src/server.ts')], {
    cwd: API_ROOT,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('the server process', () => {
  it('refuses to start on a bad PORT, naming it', async () => {
    const server = startServer({ PORT: 'abc' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT: expected a port number');
  });

  it('serves, then shuts down gracefully on SIGTERM', async () => {
    const port = String(41000 + Math.floor(Math.random() * 1000));
    const server = startServer({ PORT: port });
    let health: Response | undefined;
    // Up to 50 s: under the full suite's load an embedded cluster's first start (initdb, migrations, demo seed) has
    // taken over 30 s.
    for (let attempt = 0; attempt < 200 && !health?.ok; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    }
    expect(health?.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down: finishing in-flight requests');
  }, 90_000);
});
