import { CHUNK_LOAD_TIMEOUT_MS } from '@paydesk/domain/constants';

/** A code chunk (lazy route module) that failed to load or did not arrive in time. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** Runs a dynamic `import()` and rejects with a ChunkLoadError when it fails or takes longer than `timeoutMs`. */
export function importWithTimeout<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(`Loading a page module took longer than ${timeoutMs} ms.`));
    }, timeoutMs);
    Promise.resolve()
      .then(load)
      .then(resolve, (cause: unknown) => {
        reject(new ChunkLoadError('Loading a page module failed.', { cause }));
      })
      .finally(() => clearTimeout(timer));
  });
}
