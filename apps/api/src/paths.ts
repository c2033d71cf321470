import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The API runs from src/ (tsx, vitest) and from the bundled dist/; both find the package root the same way.
function findApiRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@paydesk/api') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @paydesk/api package root');
    dir = parent;
  }
}

export const API_ROOT = findApiRoot();
export const MIGRATIONS_DIR = join(API_ROOT, 'src', 'db', 'migrations');
export const WEB_DIST_DIR = join(API_ROOT, '..', 'web', 'dist');
