// One-way imports (DESIGN §1): contract <- machines <- src; contract <- server.
// Nothing imports server/ but its tests; machines/ never imports React, the router or axios;
// inside src/, no feature imports another feature.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { readdirSync, existsSync } from 'node:fs';

const features = existsSync('src/features') ? readdirSync('src/features') : [];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'coverage/**',
      'src/locales/**/*.js',
      'src/locales/**/*.ts',
      'src/routeTree.gen.ts',
      // Generated for Stately Studio's importer (npm run flows): a bare createMachine({...}) call.
      'docs/flows/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    // The zones below match resolved files: without TypeScript's extensions an import such as
    // '../../src/lib/platform' resolves to nothing and no zone ever applies.
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.mjs', '.js', '.json'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './contract',
              from: ['./src', './machines', './server'],
              message: 'contract/ imports nothing of ours.',
            },
            {
              target: './machines',
              from: ['./src', './server'],
              message: 'machines/ may import only contract/.',
            },
            { target: './src', from: './server', message: 'src/ never imports server/.' },
            {
              target: './server',
              from: ['./src', './machines'],
              message: 'server/ may import only contract/.',
            },
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message:
                'A feature never imports another feature; share through src/components or src/lib.',
            })),
          ],
        },
      ],
    },
  },
  {
    // Node programs: the server, scripts, benchmarks, deployment helpers, tests and the tool configs.
    files: [
      'server/**',
      'scripts/**',
      'bench/**',
      'deploy/**',
      'tests/**',
      'e2e/**',
      '*.{js,ts,mjs,cjs}',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom', 'axios', '@tanstack/react-router', '@tanstack/react-query'],
          patterns: ['@tanstack/*', 'react/*'],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  prettier,
);
