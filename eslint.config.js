// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importPlugin from 'eslint-plugin-import';
import fs from 'node:fs';
import globals from 'globals';

const WEB = './apps/web/src';
/** Storefront features other features may use: entities, both checkouts' coupon and order sending, the thank-you screen, the ad pixels. */
const STOREFRONT_SHARED = ['products', 'settings', 'shipping', 'checkout', 'order-confirmation', 'marketing'];
const STOREFRONT_PAGES = ['cart', 'custom-order', 'home', 'product', 'rating', 'shop', 'tracking'];
/** Admin features other admin features may use. */
const ADMIN_SHARED = ['product-types', 'confirm', 'couriers', 'marketing'];
const ADMIN_PAGES = [
  'auth',
  'confirm',
  'coupons',
  'custom-items',
  'dashboard',
  'leads',
  'orders',
  'products',
  'ratings',
  'settings',
  'shipping',
  'slips',
  'team',
  'users',
];

function webZones() {
  const features = (area, name, allowed) => ({
    target: `${WEB}/${area}/features/${name}`,
    from: `${WEB}/${area}/features`,
    except: [name, ...allowed].filter((f, i, all) => all.indexOf(f) === i).map((f) => `./${f}`),
    message: `a feature imports only shared features (${allowed.join(', ')}); compose pages in routes or layouts`,
  });
  return [
    {
      target: `${WEB}/lib`,
      from: [`${WEB}/storefront`, `${WEB}/admin`, `${WEB}/app`],
      message: 'lib/ is shared: it imports no feature',
    },
    {
      target: [`${WEB}/storefront`, `${WEB}/admin`],
      from: `${WEB}/app`,
      message: 'app/ assembles the areas; nothing imports it',
    },
    ...STOREFRONT_PAGES.map((name) => features('storefront', name, [...STOREFRONT_SHARED, 'cart'])),
    ...STOREFRONT_SHARED.map((name) => features('storefront', name, STOREFRONT_SHARED)),
    ...ADMIN_PAGES.map((name) => features('admin', name, ADMIN_SHARED)),
    ...ADMIN_SHARED.map((name) => features('admin', name, [])),
  ];
}

const SERVER = './apps/server/src';
const SERVER_MODULES = fs
  .readdirSync(`${SERVER}/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function serverZones() {
  return [
    {
      // types.ts names what app.ts decorates the app with (types only) and admin-guard.ts is the
      // session check every admin route runs (the auth module's); the demo seed writes through the
      // modules' services, as the app does.
      target: [`${SERVER}/http/!(types|admin-guard).ts`, `${SERVER}/db/*.ts`, `${SERVER}/db/migrations/*.ts`],
      from: `${SERVER}/modules`,
      message: 'http/ and db/ sit under the modules: a module plugs into them, they import no module',
    },
    ...SERVER_MODULES.map((name) => ({
      target: `${SERVER}/modules/${name}/**`,
      from: `${SERVER}/modules/!(${name})/**/*.repository.ts`,
      message: `a module reaches another module through its service, never its repository (${name})`,
    })),
  ];
}

/** Kysely's query builders and raw SQL: what only a repository (or a store per dialect) writes. */
const QUERY_SYNTAX = [
  {
    selector:
      'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
    message: 'SQL lives in repositories (*.repository.ts): call one from here',
  },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: 'SQL lives in repositories (*.repository.ts)' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'uploads/**', 'coverage/**', 'eslint.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ['apps/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['apps/web/**/*.tsx'],
    rules: {
      // A labelled region that scrolls must be reachable by keyboard (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  {
    // Imports flow one way: shared (lib) → features → layouts and routes → app (STYLE.md,
    // bulletproof-react), with no cycles. A page feature never reaches into another page: what
    // several pages need is an entity feature (a product, the shop's settings, a wilaya, the
    // thank-you screen) or the cart, which every page may add to. See docs/decisions/009.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      // Imports name their files with the extension (.ts, .tsx): Node's resolution finds them.
      'import/extensions': ['.ts', '.tsx'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones: webZones() }],
    },
  },
  {
    // Storefront and admin never import each other (STYLE.md).
    files: ['apps/web/src/storefront/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/admin/**'] }] },
  },
  {
    files: ['apps/web/src/admin/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/storefront/**'] }],
      // Questions and outcomes are said in the page (ConfirmDialog, Banner), never by the browser.
      'no-alert': 'error',
    },
  },
  {
    // The server's layers (docs/decisions/028): db and http below the modules, a module reaching
    // another through its service, no cycles. The tests may reach into any layer to set a case up.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones: serverZones() }],
    },
  },
  {
    // SQL only in repositories. The stock stores are the order stock's repository, one per
    // database (orders/stock); migrations and db/ are the database's own layer.
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/http/**/*.ts', 'apps/server/src/cli/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.repository.ts', '**/stock-store.*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...QUERY_SYNTAX] },
  },
  {
    // The environment is read in one place, config.ts, which gives the rest of the server its
    // configuration. Tests, the bench, the browser and resilience harnesses and the scripts start
    // servers with an environment of their own: they are where setting one belongs.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: [
      'apps/server/src/config.ts',
      '**/*.test.{ts,tsx}',
      'apps/server/test/**',
      'bench/**',
      'e2e/**',
      'resilience/**',
      'scripts/**',
      'vitest.config.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'only config.ts reads the environment: take the Config' },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**', 'scripts/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
);
