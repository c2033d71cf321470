import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Timeouts suit a loaded 2-core machine: a screen test renders Mantine forms and types into them, which takes well
// under a second alone but several seconds when every core is busy. They bound a hung test, they do not pace one.
const TEST_TIMEOUT_MS = 30_000;

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: TEST_TIMEOUT_MS,
  },
});
