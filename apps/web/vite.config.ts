import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * Modules in any of these folders or files (without extension) of node_modules; `/` matches either separator and
 * regex syntax is allowed, e.g. `@mantine/core/esm/components/(Alert|Paper)`.
 */
const inPackages = (...paths: string[]) =>
  new RegExp(`node_modules[\\\\/](${paths.map((path) => path.replaceAll('/', '[\\\\/]')).join('|')})([\\\\/]|\\.)`);

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;

// The built app is served by the API with a CSP of `script-src 'self'`, so the build must not emit inline scripts.
export default defineConfig({
  plugins: [
    react(),
    // .br and .gz beside every compressible file, served by @fastify/static's preCompressed option.
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.vite\//] }),
  ],
  server: {
    proxy: {
      '/api': { target: apiTarget },
      '/ws': { target: apiTarget, ws: true },
      // The FreshBooks sandbox's authorization page (served by the API while FRESHBOOKS_CLIENT_ID is unset).
      '/sandbox': { target: apiTarget },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: what each route loads, read by bench/js-bytes.mjs.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries every screen needs, in chunks of their own so that a release of the app's code leaves them cached
        // (React and React Router together: one file compresses better than two, and they are upgraded together).
        // Gzip works per file, and each small chunk costs its own header and import list, so modules that always load
        // together share a chunk; a group for everything would give each route all of it.
        codeSplitting: {
          groups: [
            { name: 'react', test: inPackages('react', 'react-dom', 'scheduler', 'react-router'), priority: 2 },
            { name: 'zod', test: inPackages('zod'), priority: 1 },
            // Everything else the entry imports statically ($initial: every route downloads it before anything shows)
            // in one chunk, which rolldown merges into the entry: one file compresses better than ten small ones.
            { name: 'app', tags: ['$initial'] },
            // The Mantine inputs' base, buttons and alerts that Login, Home and the lists all load (seven chunks before).
            {
              name: 'mantine-shared',
              test: inPackages(
                '@mantine/core/esm/components/(Alert|Anchor|CloseButton|Input|InputBase|Paper|TextInput)',
                '@mantine/core/esm/core/utils/create-safe-context',
                '@mantine/hooks/esm/(use-id|use-uncontrolled|utils/random-id)',
              ),
            },
            // What the form screens use: @mantine/form, TanStack Query's useMutation, ActionIcon (PasswordInput's toggle).
            {
              name: 'forms',
              test: inPackages(
                '@mantine/form',
                'klona',
                'fast-deep-equal',
                '@tanstack/react-query/build/modern/useMutation',
                '@tanstack/query-core/build/modern/mutationObserver',
                '@mantine/core/esm/components/ActionIcon',
              ),
            },
            // The signed-out screens' card, error list and password input; only what it names (Alert, which it
            // imports, stays shared with the signed-in screens).
            {
              name: 'auth-forms',
              includeDependenciesRecursively: false,
              test: new RegExp(
                `${inPackages('@mantine/core/esm/components/(PasswordInput|List)', '@tabler/icons-react/dist/esm/icons/IconAlertCircle').source}|` +
                  String.raw`src[\\/]features[\\/]auth[\\/]components[\\/]`,
              ),
            },
          ],
        },
      },
    },
  },
});
