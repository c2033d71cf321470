import { defineConfig } from 'vitest/config';

// One test command for every workspace: `npm test` runs these projects.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/api', 'apps/web'],
  },
});
