import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import { pgClientOf, type Db } from './client';

// The fixed fields sit on the prototype of each call's config: pg copies a config's own properties on every query,
// slowly (~5 µs against ~20 µs per call on a loaded machine; bench/BENCHMARKS.md).
const LIST_VERSION: Omit<pg.QueryArrayConfig, 'values'> = {
  name: 'list_version',
  text: 'select version from list_versions where name = $1',
  rowMode: 'array',
};

/**
 * The list's current version; null when it has none (then nothing is cached). Read on every cached list request,
 * so pg runs it itself as a named statement returning an array row: drizzle's prepared query costs more app CPU
 * around the same round trip (bench/BENCHMARKS.md, "Merchants list cached by version").
 */
export async function readListVersion(db: Db, list: string): Promise<number | null> {
  const config = Object.create(LIST_VERSION) as pg.QueryArrayConfig;
  config.values = [list];
  const { rows } = await pgClientOf(db).query<unknown[]>(config);
  const version = rows[0]?.[0];
  return version === undefined || version === null ? null : Number(version);
}

/**
 * `read`, shared by callers that come together, without giving any of them an older answer than its own call
 * would: a caller joins only a read not sent yet. While one read is in flight, every caller that comes meanwhile
 * waits for the same next read, sent as soon as the first one settles (so at most one is in flight). Alone, a
 * caller reads at once, as it would without this; under load, one round trip serves every request that came
 * during the previous one.
 */
export function sharedFreshReads<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  let next: Promise<T> | null = null;
  const start = () => {
    const reading = read();
    inFlight = reading;
    const settle = () => {
      if (inFlight === reading) inFlight = null;
    };
    reading.then(settle, settle);
    return reading;
  };
  return () => {
    if (!inFlight) return start();
    next ??= inFlight
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
}

const versionReads = new WeakMap<Db, Map<string, () => Promise<number | null>>>();

/** `readListVersion`, one read shared by the callers of every cache of the list that came while one was in flight. */
function readCurrentListVersion(db: Db, list: string): Promise<number | null> {
  let reads = versionReads.get(db);
  if (!reads) {
    reads = new Map();
    versionReads.set(db, reads);
  }
  let read = reads.get(list);
  if (!read) {
    read = sharedFreshReads(() => readListVersion(db, list));
    reads.set(list, read);
  }
  return read();
}

/**
 * Values read from a list (its pages) kept per process and reused only while the list's version in `list_versions`
 * is the one read before the value was: every statement that writes what the list shows replaces that version in
 * its own transaction (triggers, migration 0016_list_versions.sql), so a request sees every write committed before
 * it began, from any process, the same as without the cache. A hit costs one primary-key read instead of the
 * list's query, one read shared by the requests that came while the previous one was in flight (`sharedFreshReads`).
 * `size` weighs a value (e.g. its text's length) against `maxSize`.
 */
export function versionedCache<Value extends object>(
  list: string,
  options: { maxSize: number; size: (value: Value) => number },
) {
  type Entry = { version: number; value: Value };
  const caches = new WeakMap<Db, LRUCache<string, Entry>>();
  const cacheOf = (db: Db) => {
    let cache = caches.get(db);
    if (!cache) {
      cache = new LRUCache<string, Entry>({
        maxSize: options.maxSize,
        sizeCalculation: (entry) => Math.max(1, options.size(entry.value)),
      });
      caches.set(db, cache);
    }
    return cache;
  };
  return async (db: Db, key: string, load: () => Promise<Value>): Promise<Value> => {
    const version = await readCurrentListVersion(db, list);
    if (version === null) return load();
    const cache = cacheOf(db);
    const cached = cache.get(key);
    if (cached?.version === version) return cached.value;
    // Read after the version: the value is at least as new as it. If a write lands in between, the version has
    // moved on already and the next request reads again.
    const value = await load();
    cache.set(key, { version, value });
    return value;
  };
}
