import { CHUNK_LOAD_TIMEOUT_MS } from '@paydesk/domain/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, importWithTimeout } from './import-with-timeout';

describe('importWithTimeout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives up on a chunk that has not arrived after the chunk load timeout', async () => {
    const outcome = vi.fn();
    importWithTimeout(() => new Promise<never>(() => {})).then(outcome, outcome);

    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(expect.any(ChunkLoadError));
  });

  it('returns a chunk that arrives in time and leaves no timer behind', async () => {
    const module = { NotFoundRoute: () => null };
    const loaded = importWithTimeout(
      () => new Promise<typeof module>((resolve) => setTimeout(() => resolve(module), 5_000)),
    );

    await vi.advanceTimersByTimeAsync(5_000);
    await expect(loaded).resolves.toBe(module);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reports a failed chunk download as a ChunkLoadError with the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');

    const error: unknown = await importWithTimeout(() => Promise.reject(cause)).catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).cause).toBe(cause);
    expect(vi.getTimerCount()).toBe(0);
  });
});
