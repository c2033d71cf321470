// `npm start`: builds whatever is missing or older than its sources, then runs the server
// (web app, API and WebSocket endpoint in one process).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...readdirSync(path)
      .filter((name) => name !== 'node_modules' && name !== 'dist')
      .map((name) => newestChange(join(path, name))),
  );
}

const sources = ['packages/domain/src', 'apps/web', 'apps/api/src'].map((dir) => newestChange(join(root, dir)));
const targets = [
  { output: 'apps/web/dist/index.html', workspace: 'apps/web', inputs: [sources[0], sources[1]] },
  { output: 'apps/api/dist/server.js', workspace: 'apps/api', inputs: [sources[0], sources[2]] },
];

for (const target of targets) {
  const built = newestChange(join(root, target.output));
  if (built === 0 || Math.max(...target.inputs) > built) {
    console.log(`Building ${target.workspace}...`);
    execSync(`npm run build -w ${target.workspace}`, { cwd: root, stdio: 'inherit' });
  }
}

await import(join(root, 'apps/api/dist/server.js'));
