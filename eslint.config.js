// Lint rules for the whole repository (flat config).
// The import-direction rule of ARCHITECTURE.md: lib/components/config → features → app.
// A web feature may import shared code, itself, and other features' index.ts; never the app layer.
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The rules of a block that refuses imports matching these patterns (`no-restricted-imports`). */
const refuse = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const featuresDir = new URL('./apps/web/src/features/', import.meta.url);
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

// A feature's public face is its index.ts: other features and the app import `@/features/<name>`,
// never a file inside it (docs/ARCHITECTURE.md "The web app"). Inside a feature relative paths are
// fine as long as they stay inside it; one rule per folder depth says how far up is outside.
const featureInternals = {
  group: ['@/features/*/**'],
  message: 'Import another feature through its index.ts (@/features/<name>), never a file inside it.',
};
const featureBoundaries = features.flatMap((feature) =>
  ['', '*/', '*/*/', '*/*/*/'].map((depth, level) => ({
    files: [`apps/web/src/features/${feature}/${depth}*.{ts,tsx}`],
    rules: refuse(
      { ...featureInternals, group: [...featureInternals.group, `!@/features/${feature}/**`] },
      { group: ['@/app', '@/app/**'], message: 'Features must not import the app layer.' },
      {
        group: [`${'../'.repeat(level + 1)}*`],
        message: 'Leave the feature through the @/ alias, not relative paths.',
      },
    ),
  })),
);
const appUsesFeatureFaces = {
  files: ['apps/web/src/app/**/*.{ts,tsx}', 'apps/web/src/testing/**/*.{ts,tsx}'],
  rules: refuse(featureInternals),
};

// The api's import direction (docs/ARCHITECTURE.md "Layers"): lib, then db, at the bottom, then
// adapters, then modules, then plugins, then the composition root and app.ts at the top. A module
// talks to another through its service, never its repository; nothing below the top builds services.
const top = {
  group: ['**/app.ts', '**/server.ts', '**/start.ts', '**/composition-root.ts', '**/composition/**'],
  message: 'Only the entry points import the app and its composition root.',
};
const plugins = {
  group: ['**/plugins/**'],
  message: 'plugins/ are the top layer: services and helpers never import them.',
};
const modules = {
  group: ['**/modules/**'],
  message: 'lib, db and adapters sit below the modules and never import them.',
};
const adapters = { group: ['**/adapters/**'], message: 'lib and db sit below the adapters and never import them.' };
const db = { group: ['**/db/**'], message: 'lib is the ground floor: it imports nothing of the api.' };
const apiLayers = [
  { files: ['apps/api/src/lib/**/*.ts'], rules: refuse(top, plugins, modules, adapters, db) },
  { files: ['apps/api/src/db/**/*.ts'], rules: refuse(top, plugins, modules, adapters) },
  { files: ['apps/api/src/adapters/**/*.ts'], rules: refuse(top, plugins, modules) },
  {
    files: ['apps/api/src/modules/**/*.ts'],
    rules: refuse(top, plugins, {
      group: ['../*/*.repository.ts', '../*/*.repository', '**/modules/*/*.repository.ts'],
      message: "Modules talk through each other's services, never each other's repositories.",
    }),
  },
  { files: ['apps/api/src/plugins/**/*.ts'], rules: refuse(top) },
  // Each table's type lives beside its owner (`<owner>.tables.ts`); db/types.ts composes them into
  // Database. So db/types.ts alone may reach up, to those files only and for types only, and they
  // import nothing but kysely and db/column-types.ts: no code runs upward and no circle appears.
  {
    files: ['apps/api/src/db/types.ts'],
    rules: {
      ...refuse(
        top,
        plugins,
        { regex: '(^|/)modules/(?![^/]+/[^/]+\\.tables\\.ts$)', message: modules.message },
        { regex: '(^|/)adapters/(?![^/]+/[^/]+\\.tables\\.ts$)', message: adapters.message },
      ),
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(modules|adapters)/',
              allowTypeImports: true,
              message: "db/types.ts imports the owners' *.tables.ts for types only (import type / export type).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/{db,modules/*,adapters/*}/*.tables.ts'],
    rules: refuse({
      regex: '^(?!kysely$|(\\.\\./)+db/column-types\\.ts$|\\./column-types\\.ts$)',
      message: 'A *.tables.ts file imports only kysely and db/column-types.ts (never db/types.ts: a circle).',
    }),
  },
];

// Money code never computes with floats (docs/product/money-movement.md#money): amounts are bigint
// minor units and rates scaled bigints (packages/contract/src/money). TypeScript already refuses
// mixing bigint and number; this refuses the ways out of bigint and the float habits: Number(),
// unary +, parseFloat/parseInt, Math rounding, toFixed/toPrecision, fractional literals, and
// multiplying or dividing by a number literal. Integer +/- stays allowed (scales and exponents), and so
// does arithmetic of literals alone (`30 * 60_000`): a constant, no amount in it. Durations of a
// variable go through lib/clock.ts (minutesInMs, hoursInMs).
const moneyFiles = [
  'packages/contract/src/money/**/*.ts',
  'apps/api/src/modules/{corridors,quotes,transfers,payments,payouts,ledger}/**/*.ts',
  'apps/web/src/lib/{format-money,format-rate}.ts',
  'apps/web/src/features/transfers/lib/amount-input.ts',
  'apps/web/src/features/transfers/{components/calculator,hooks}/*.{ts,tsx}',
  'apps/web/src/features/limits/lib/*.ts',
];
const noFloat = 'money is bigint minor units and decimal-string rates, never a float (packages/contract/src/money)';
// Left out on purpose: the idempotency keys' sweep counts deleted rows (`Number(numDeletedRows)`),
// a row count, never an amount.
const moneyRuleLater = ['apps/api/src/modules/transfers/idempotency.repository.ts'];
const moneyWithoutFloats = {
  files: moneyFiles,
  ignores: ['**/*.test.ts', '**/*.test.tsx', ...moneyRuleLater],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: ":matches(CallExpression, NewExpression)[callee.name='Number']", message: `Number(): ${noFloat}.` },
      { selector: "CallExpression > Identifier.arguments[name='Number']", message: `Number as a mapper: ${noFloat}.` },
      { selector: "UnaryExpression[operator='+']", message: `Unary + makes a number: ${noFloat}.` },
      { selector: 'Identifier[name=/^(parseFloat|parseInt)$/]', message: `parseFloat/parseInt: ${noFloat}.` },
      {
        selector: "MemberExpression[object.name='Math'][property.name=/^(round|floor|ceil|trunc|fround|pow)$/]",
        message: `Math rounding: ${noFloat}; round with divFloor/divCeil on bigints (the rounding rule).`,
      },
      {
        selector: 'MemberExpression[property.name=/^(toFixed|toPrecision)$/]',
        message: `toFixed/toPrecision: ${noFloat}; use toMajorString or formatRate.`,
      },
      {
        selector: 'Literal[value=type(number)][raw=/^[0-9_]*[.eE]/]',
        message: `A fractional number literal: ${noFloat}.`,
      },
      {
        selector:
          ":matches(BinaryExpression[operator=/^([*%]|[*][*])$/], BinaryExpression[operator='/'], " +
          "AssignmentExpression[operator=/^([*%]|[*][*])=$/], AssignmentExpression[operator='/='])" +
          ':has(Identifier) > Literal[value=type(number)]',
        message: `Multiplying or dividing by a number literal: ${noFloat}; use bigint literals (100n).`,
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      // Prettier's width (.prettierrc); literals Prettier cannot break (texts, URLs, patterns) may run longer.
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/web/src/{lib,components,config}/**/*.{ts,tsx}'],
    rules: refuse(
      { group: ['@/features/**'], message: 'Shared code must not depend on features.' },
      { group: ['@/app', '@/app/**'], message: 'Shared code must not depend on the app layer.' },
    ),
  },
  {
    // Migrations are frozen history: they see the database as Kysely<any>, never today's types.
    files: ['apps/api/src/db/migrations/**/*.ts', 'apps/api/src/db/migrator.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  ...featureBoundaries,
  appUsesFeatureFaces,
  ...apiLayers,
  moneyWithoutFloats,
  {
    files: ['**/*.{js,mjs,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
