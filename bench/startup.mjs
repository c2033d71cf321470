// `npm run bench:startup -w bench`: issue 6's start-up targets on a fresh clone of the committed HEAD. Clones the
// repository into a temporary folder, installs it with `npm ci` (timed, but not part of the target), then times
// `npm start` with no configuration (build, embedded PostgreSQL initdb, migrations, demo seed) until
// `GET /api/health` answers, stops it, and times a restart the same way. Targets: first start under 60 s including
// the build; a restart under 3 s. STARTUP_PORT (default 3960) is the app's port; STARTUP_KEEP=1 keeps the clone.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = Number(process.env.STARTUP_PORT ?? 3960);
const repository = new URL('..', import.meta.url).pathname;
const clone = mkdtempSync(join(tmpdir(), 'paydesk-startup-'));

function seconds(since) {
  return Number(((performance.now() - since) / 1000).toFixed(1));
}

async function startUntilHealthy() {
  const started = performance.now();
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const server = spawn('npm', ['start'], {
    cwd: clone,
    env: { ...env, PORT: String(PORT), NODE_ENV: 'development', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  for (;;) {
    if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${PORT}/api/health`);
      if (response.ok) break;
    } catch {
      // not answering yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { server, seconds: seconds(started) };
}

async function stop(server) {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  process.kill(-server.pid, 'SIGTERM');
  await exited;
}

try {
  execFileSync('git', ['clone', '--quiet', '--local', repository, clone]);
  const installStarted = performance.now();
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--silent'], { cwd: clone, stdio: 'inherit' });
  const install = seconds(installStarted);

  const first = await startUntilHealthy();
  await stop(first.server);
  const restart = await startUntilHealthy();
  await stop(restart.server);

  const result = { install_s: install, first_start_s: first.seconds, restart_s: restart.seconds };
  console.log(JSON.stringify(result));
  console.log(
    `npm ci ${install} s (not counted); npm start on the fresh clone answered in ${first.seconds} s ` +
      `(target < 60 s) and after a restart in ${restart.seconds} s (target < 3 s)`,
  );
} finally {
  if (process.env.STARTUP_KEEP !== '1') rmSync(clone, { recursive: true, force: true });
}
