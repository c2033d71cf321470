import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';

const root = mkdtempSync(join(tmpdir(), 'paydesk-embedded-'));
const cluster = join(root, 'postgres');
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function settings(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ listen: string; sockets: string; version: string }>(
      `select current_setting('listen_addresses') as listen, current_setting('unix_socket_directories') as sockets,
              current_setting('server_version_num') as version`,
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

function postmasterPid(): number {
  return Number(readFileSync(join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** The processes whose parent is `pid` (the server's checkpointer, writers, …), from /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// One cluster folder for the file; each test starts from it stopped (initialised by whichever test runs first).
describe('the embedded PostgreSQL server', () => {
  it('initialises a cluster on first start and listens only on a socket in the cluster folder', async () => {
    const server = await startEmbeddedPostgres(cluster, { ephemeral: true });
    try {
      expect(await settings(server.url)).toEqual({
        listen: '',
        sockets: cluster,
        version: expect.stringMatching(/^17/),
      });
    } finally {
      await server.stop();
    }
    const again = await startEmbeddedPostgres(cluster, { ephemeral: true });
    await again.stop();
  });

  it('refuses the cluster while another live process runs a server on it', async () => {
    const server = await startEmbeddedPostgres(cluster, { ephemeral: true });
    try {
      await expect(startEmbeddedPostgres(cluster, { ephemeral: true })).rejects.toThrow(/is in use by PostgreSQL/);
      expect((await settings(server.url))?.listen).toBe('');
    } finally {
      await server.stop();
    }
  });

  it('starts after a hard kill left a postmaster.pid whose pid now belongs to another process', async () => {
    const server = await startEmbeddedPostgres(cluster, { ephemeral: true });
    const pidFile = join(cluster, 'postmaster.pid');
    const contents = readFileSync(pidFile, 'utf8');
    process.kill(postmasterPid(), 'SIGKILL');
    await server.stop();
    const other = spawn('sleep', ['60']);
    try {
      writeFileSync(pidFile, contents.replace(/^\d+/, String(other.pid)));
      const restarted = await startEmbeddedPostgres(cluster, { ephemeral: true });
      expect((await settings(restarted.url))?.listen).toBe('');
      await restarted.stop();
    } finally {
      other.kill();
    }
  });

  it("waits for a hard-killed server's processes to let go of its shared memory, then starts", async () => {
    const server = await startEmbeddedPostgres(cluster, { ephemeral: true });
    const postmaster = postmasterPid();
    // Frozen, the old server's processes stay attached to its shared memory, as they do on a busy machine for a
    // moment after their postmaster died; PostgreSQL refuses to start until they let go.
    const lingering = childrenOf(postmaster);
    expect(lingering.length).toBeGreaterThan(0);
    for (const pid of lingering) process.kill(pid, 'SIGSTOP');
    process.kill(postmaster, 'SIGKILL');
    await server.stop();
    const thaw = setTimeout(() => {
      for (const pid of lingering) if (isAlive(pid)) process.kill(pid, 'SIGCONT');
    }, 1_500);
    try {
      const started = Date.now();
      const restarted = await startEmbeddedPostgres(cluster, { ephemeral: true });
      // It could only start once the frozen processes had run on and left.
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
      expect((await settings(restarted.url))?.listen).toBe('');
      await restarted.stop();
    } finally {
      clearTimeout(thaw);
      for (const pid of lingering) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
  });

  it('stops the server an app killed with SIGKILL left running, then starts its own', async () => {
    const holder = spawn(process.execPath, [
      '--import',
      'tsx',
      join(import.meta.dirname, 'fixtures/hold-embedded-postgres.ts'),
      cluster,
    ]);
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on('data', (chunk) => String(chunk).includes('ready') && resolve());
      holder.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
    });
    const orphan = postmasterPid();
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    expect(isAlive(orphan)).toBe(true);

    const server = await startEmbeddedPostgres(cluster, { ephemeral: true });
    try {
      expect(isAlive(orphan)).toBe(false);
      expect(postmasterPid()).not.toBe(orphan);
      expect((await settings(server.url))?.sockets).toBe(cluster);
    } finally {
      await server.stop();
    }
  });
});
