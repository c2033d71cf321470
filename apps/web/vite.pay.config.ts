import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * The public pay page (decision 0022): its own build, so that it shares no chunk with the signed-in app (one build
 * with both entries merged them into the app's initial chunk). It writes pay.html and its assets into the app's dist
 * after the app's build (which empties dist first); the API serves pay.html at /pay/*.
 */
export default defineConfig({
  plugins: [compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.vite\//] })],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    manifest: false,
    rolldownOptions: { input: { pay: 'pay.html' } },
  },
});
