import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalMediaStore } from './local-media-store';

describe('the local media store', () => {
  const root = mkdtempSync(join(tmpdir(), 'media-store-'));
  const store = createLocalMediaStore(root);

  it('keeps a file and its type side by side and reads them back', async () => {
    await store.put('message-media/m1/f1', Buffer.from('%PDF-1.7'), 'application/pdf');
    expect(readFileSync(join(root, 'message-media/m1/f1.type'), 'utf8')).toBe('application/pdf');
    expect(await store.get('message-media/m1/f1')).toEqual({
      content: Buffer.from('%PDF-1.7'),
      type: 'application/pdf',
    });
  });

  it('answers null for a key it does not hold', async () => {
    expect(await store.get('message-media/m1/none')).toBeNull();
  });

  it('refuses a key that would leave its folder', async () => {
    await expect(store.get('message-media/../../etc/passwd')).rejects.toThrow(/not a media key/);
    await expect(store.put('/absolute', Buffer.from('x'), 'text/plain')).rejects.toThrow(/not a media key/);
  });
});
