import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

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
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: what each route loads, read by bench/js-bytes.mjs.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries every screen needs, in chunks of their own so that a release of the app's code leaves them cached.
        // Mantine, TanStack Query and the rest stay in the automatic split: grouped, each route would get all of it.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 1 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 1 },
            // Everything else the entry imports statically ($initial: every route downloads it before anything shows)
            // in one chunk, which rolldown merges into the entry: one file compresses better than ten small ones.
            { name: 'app', tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
