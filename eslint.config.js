import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * `import { z } from 'zod'` (or the default import) hands esbuild zod's whole namespace object,
 * which it must then keep whole: every Lambda bundle grew by ~350 KiB (all 63 locales, the JIT
 * compiler, JSON Schema import) for schemas that need ~90 KiB. `import * as z` lets it keep only
 * what is used. The same holds for the mini build. (A syntax rule: no-restricted-imports would
 * also reject the namespace import.)
 */
// \u002F is '/', which esquery's regular expressions cannot hold as such.
const ZOD_SOURCE = 'source.value=/^zod(\\u002F(mini|v4|v4\\u002Fmini|v4-mini))?$/';
const ZOD_NAMESPACE_MESSAGE =
  "Write `import * as z from 'zod'` (or 'zod/mini'): importing `z` or the default keeps all of zod, its 63 locales included, in every bundle it reaches (~350 KiB per Lambda function).";
const zodNamespaceOnly = [
  {
    selector: `ImportDeclaration[${ZOD_SOURCE}] > ImportSpecifier[imported.name='z']`,
    message: ZOD_NAMESPACE_MESSAGE,
  },
  { selector: `ImportDeclaration[${ZOD_SOURCE}] > ImportDefaultSpecifier`, message: ZOD_NAMESPACE_MESSAGE },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'web/dist/**', 'web/dist-server/**', 'cdk.out/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', ...zodNamespaceOnly],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // A Lambda bundle carries what its handler imports (budgets: tests/bench/budgets.ts).
    files: ['functions/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            ...['index', 'en', 'de'].map((name) => ({
              name: `@linea/shared/i18n/${name}`,
              message:
                'Functions read their texts from @linea/shared/i18n/server (emails, payment, order statuses); the whole dictionaries would add ~75 KiB to the bundle. Add a missing section to server-en.ts/server-de.ts.',
            })),
            ...['@react-email/components', '@react-email/render'].map((name) => ({
              name,
              importNames: ['toPlainText', 'pretty'],
              message:
                "The Lambda bundles carry neither html-to-text nor prettier (infra/cdk/bundling): write an email's text version from its data, as order-confirmation.tsx does, and render without `pretty`.",
            })),
            ...['zod', 'zod/mini', 'zod/v4', 'zod/v4/mini', 'zod/v4-mini'].map((name) => ({
              name,
              allowTypeImports: true,
              message:
                "Import zod as @linea/shared/contracts/zod-mini: the contracts' mini build with English messages configured. Classic zod would add ~90 KiB to the bundle; mini without the config answers 'Invalid input'.",
            })),
          ],
        },
      ],
    },
  },
  {
    // The domain package is shared with the browser: no environment, no AWS, no React.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', 'process'],
      'no-restricted-imports': ['error', { patterns: ['@aws-sdk/*', 'react', 'react-*', 'node:*'] }],
    },
  },
  {
    // One zod for the contracts: the mini build, through the module that configures its messages.
    files: ['shared/contracts/**/*.ts'],
    ignores: ['shared/contracts/zod-mini.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['@aws-sdk/*', 'react', 'react-*', 'node:*'],
          paths: ['zod', 'zod/mini', 'zod/v4', 'zod/v4/mini', 'zod/v4-mini'].map((name) => ({
            name,
            message:
              "Contracts import zod as './zod-mini' (the mini build with English messages): classic zod would put ~90 KiB into every function that reads the contract.",
          })),
        },
      ],
    },
  },
);
