import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isMediaKey, type MediaStore } from './media-store';

/**
 * Files under a local folder (DATA_DIR by default): `<root>/<key>` holds the content and `<root>/<key>.type` its
 * content type, the layout uploads always had (DATA_DIR/message-media/<merchant>/<id>).
 */
export function createLocalMediaStore(root: string): MediaStore {
  const pathOf = (key: string) => {
    if (!isMediaKey(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`);
    return join(root, key);
  };
  return {
    name: 'local',
    async put(key, content, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // The type first: a file whose content is there always has its type beside it.
      await writeFile(`${path}.type`, contentType);
      await writeFile(path, content);
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const [type, content] = await Promise.all([readFile(`${path}.type`, 'utf8'), readFile(path)]);
        return { type, content };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
