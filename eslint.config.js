// Lint rules, including the import boundaries of ARCHITECTURE.md: a violation fails CI.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const apiModulesUrl = new URL('./apps/api/src/modules', import.meta.url);
const apiModules = readdirSync(apiModulesUrl, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const apiModulesDir = fileURLToPath(apiModulesUrl);
// What other code may import from a module: its `<area>.public.ts` (ARCHITECTURE.md, "Public surface").
const apiModuleInternals = {
  from: `${apiModulesDir}/*/**`,
  publicSurface: `${apiModulesDir}/*/*.public.ts`,
};

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const restrictedSyntax = [
  { selector: 'TSEnumDeclaration', message: 'Use a string-literal union instead of an enum.' },
  {
    // Module augmentation (declare module '...') is the one place an interface is needed.
    selector: 'TSInterfaceDeclaration:not(TSModuleDeclaration TSInterfaceDeclaration)',
    message: 'Use `type` instead of `interface`.',
  },
];

// Dates are shown MM/DD/YYYY in the merchant's time zone (SPEC §9), never the browser's: the web app formats them with
// @paydesk/domain/format/date (formatDate, formatDateTime with the zone of useMerchantTimeZone, formatCalendarDate for
// a bare YYYY-MM-DD) and counts with format/count. These are the ways around that, which use the browser's zone.
const BROWSER_ZONE =
  "uses the browser's time zone: show dates with @paydesk/domain/format/date and the merchant's zone";
const browserZoneProperties = [
  ...['toLocaleDateString', 'toLocaleTimeString', 'toLocaleString'].map((property) => ({
    property,
    message: `${property} ${BROWSER_ZONE} (numbers: formatCount, formatMoney).`,
  })),
  ...['getFullYear', 'getMonth', 'getDate', 'getDay', 'getHours', 'getMinutes'].map((property) => ({
    property,
    message: `Date.${property} ${BROWSER_ZONE} (a day in a zone: toCalendarDate).`,
  })),
  {
    object: 'Intl',
    property: 'DateTimeFormat',
    message: "Show dates with @paydesk/domain/format/date and the merchant's zone, the app's one date format.",
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x reads only .js/.mjs/.cjs files when it follows imports: every .ts file was skipped,
      // so import-x/no-cycle saw no dependencies and passed any cycle (auth.service <-> auth.jobs).
      'import-x/extensions': ['.ts', '.tsx', '.cts', '.mts', '.js', '.jsx', '.cjs', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.cts', '.mts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'packages/domain/tsconfig.json',
            'apps/api/tsconfig.json',
            'apps/web/tsconfig.json',
            'e2e/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', ...restrictedSyntax],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/domain', from: './apps', message: 'packages/domain never imports from apps/.' },
            { target: './apps/api', from: './apps/web', message: 'The API never imports the web app.' },
            ...apiModules.map((area) => ({
              target: `./apps/api/src/modules/${area}`,
              from: apiModuleInternals.from,
              except: [`${apiModulesDir}/${area}/**`, apiModuleInternals.publicSurface],
              message:
                "A module imports another module's <area>.public.ts only, never its service, repository or internals.",
            })),
            {
              // app.ts is the composition root: it registers every module's routes and jobs.
              target: ['./apps/api/src/lib', './apps/api/src/plugins', './apps/api/src/db', './apps/api/src/providers'],
              from: apiModuleInternals.from,
              except: [apiModuleInternals.publicSurface],
              message: "Plugins, lib, db and providers import a module's <area>.public.ts only.",
            },
            { target: './apps/web', from: './apps/api', message: 'The web app never imports the API.' },
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'Features never import each other; compose them in src/app.',
            })),
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features never import the app layer.',
            },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared code never imports features or the app layer.',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.repository', '**/modules/*/*.repository'],
              message: "An API module calls another module's service, never its repository.",
            },
          ],
        },
      ],
    },
  },
  {
    // A job definition file declares jobs (name, payload) and imports no service, so services can queue its jobs
    // without a cycle; handlers live in `<area>.job-handlers.ts` (decision 0009).
    files: ['apps/api/src/**/*.jobs.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['*.service', '*.repository', '*.routes', '*.job-handlers', '**/plugins/*'],
              message: 'A *.jobs.ts file declares jobs and imports no service; handlers go in *.job-handlers.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // A module's routes read the request's principal and access from plugins/auth; the rest of a module (services,
    // jobs, repositories) gets what it needs from its arguments and the context, and may name plugin types only.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['apps/api/src/modules/**/*.routes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/plugins/*'],
              allowTypeImports: true,
              message: 'Outside its routes, a module imports only types from plugins.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'react', 'react-dom'],
              message: 'packages/domain is pure: no I/O, Node or DOM APIs.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The route table loads its pages with import() and the shell's navigation reads the route table: a lazy
      // route is a dynamic-import cycle by design, evaluated after both modules. Static cycles still fail here, and
      // every cycle (dynamic ones too) still fails in the API.
      'import-x/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: true }],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mantine/core',
              importNames: ['PasswordInput'],
              message: 'Use components/password-input: it marks the field aria-invalid when in error.',
            },
          ],
        },
      ],
    },
  },
  {
    // Screens show instants in the merchant's zone: formatDate/formatDateTime always get it (formatCalendarDate is for
    // a bare YYYY-MM-DD, which no zone moves). Tests may build expected values however they like.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': ['error', ...browserZoneProperties],
      'no-restricted-syntax': [
        'error',
        ...restrictedSyntax,
        {
          selector: 'CallExpression[callee.name=/^formatDate(Time)?$/][arguments.length<2]',
          message:
            "Pass the merchant's zone: formatDate(value, { timeZone }) with useMerchantTimeZone (formatCalendarDate for a bare YYYY-MM-DD).",
        },
      ],
    },
  },
  {
    files: ['apps/web/src/components/password-input.tsx', 'apps/web/src/app/theme.test.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
