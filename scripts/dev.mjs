// `npm run dev`: the API with reload on change (tsx watch) and the Vite dev server with hot reload.
// Open the Vite URL it prints; it proxies /api and /ws to the API on PORT (default 3000).
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/api/src/server.ts'], { stdio: 'inherit' }),
  spawn('npx', ['vite'], {
    cwd: 'apps/web',
    stdio: 'inherit',
    env: { ...process.env, API_PORT: process.env.PORT ?? '3000' },
  }),
];

function stop(code = 0) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
