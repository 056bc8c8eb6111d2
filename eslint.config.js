import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  // apps/server/assets holds media (the demo HLS stream's .ts segments are MPEG transport streams, not TypeScript)
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.tmp/**', 'apps/server/assets/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Dependencies point one way: app -> features -> widgets/lib -> packages. No feature imports another.
  {
    files: ['apps/web/src/widgets/**', 'apps/web/src/lib/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**', '**/app/**', '**/frame/**'], message: 'widgets and lib must not import app, frame or features' }] }],
    },
  },
  // Server: a module imports another only through what it exports for others, never its routes.ts;
  // cross-cutting helpers (request scope, download headers) live in apps/server/src/lib.
  {
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/ingest/**/*.ts', 'apps/server/src/sim/**/*.ts', 'apps/server/src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['../*/routes.js', '../modules/*/routes.js'], message: "import the helper from apps/server/src/lib (or the module's service), not another module's routes.ts" }] }],
    },
  },
  {
    files: ['packages/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'fastify', 'kysely', '**/apps/**'], message: 'packages stay free of UI, server and database code' }] }],
    },
  },
);
