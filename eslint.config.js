// One lint config for the workspace: typescript-eslint recommended, React hooks rules for the web app,
// web features that do not import each other (nor shared code a feature: scripts/eslint/web-boundaries.js),
// and server modules that meet only through their public.ts.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import houseRules from './scripts/eslint/web-boundaries.js';

/** The server's import rule: never web code, plus the folder's own `patterns` (a later block replaces an earlier one's). */
const serverImports = (...patterns) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [{ group: ['**/web/**', '@tfb/web'], message: 'The server never imports web code.' }, ...patterns] },
  ],
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/*.d.ts', 'e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, house: houseRules },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'house/web-boundaries': 'error',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '@tfb/server'], message: 'The web app imports only the contract, never server code.' }] },
      ],
    },
  },
  // A top-level await in any module of the build turns off the bundler's chunk merging for the whole build (the first
  // load had become some seventy small files): the app's code waits inside functions (lib/i18n.ts languageReady).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/test/**', 'apps/web/src/**/__tests__/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'AwaitExpression:not(:function AwaitExpression), ForOfStatement[await=true]:not(:function ForOfStatement)',
          message: 'No top-level await in the web app: it turns off the chunk merging of the whole build. Await inside a function.',
        },
      ],
    },
  },
  { files: ['apps/server/src/**/*.ts'], rules: serverImports() },
  // A server module is a room: another module reaches it only through its public.ts; lib, plugins and db never.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: serverImports({
      regex: '^\\.\\./(?!\\.\\./)[^/]+/(?!public\\.js$)',
      message: 'Import another module only through its public.ts (or move what is shared to lib/).',
    }),
  },
  {
    files: ['apps/server/src/{lib,plugins,db}/**/*.ts'],
    rules: serverImports({ regex: '/modules/', message: 'lib, plugins and db serve the modules; they never import one.' }),
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', setTimeout: 'readonly', URL: 'readonly', fetch: 'readonly' } },
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
);
