import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const firebaseBan = {
  group: ['firebase', 'firebase/*', '@firebase/*', 'firebase-admin', 'firebase-admin/*'],
  message: 'Only src/lib/firebase*, src/data/ and src/features/*/api.ts talk to Firebase.',
};
const layer = (folders, message) => ({ group: folders.map((f) => `@/${f}/*`), message });

// Imports go one way: domain <- data <- features <- app (DESIGN.md §6). Features reach their own files by
// relative paths, so any '@/features/*' import inside a feature is another feature.
const BANS = {
  domain: [
    firebaseBan,
    { group: ['react', 'react-dom', 'react-dom/*', 'react-router', 'react-router-dom'], message: 'domain/ imports no React or router.' },
    { group: ['zustand', 'zustand/*'], message: 'domain/ imports no store.' },
    layer(['app', 'data', 'features', 'stores', 'components', 'lib', 'config'], 'domain/ is pure: it imports nothing else of the app.'),
  ],
  data: [layer(['features', 'app', 'stores', 'components'], 'Imports go domain <- data <- features <- app.')],
  lib: [layer(['features', 'app', 'stores', 'data', 'components'], 'lib/ sits below data, features and app.')],
  stores: [firebaseBan, layer(['features', 'app', 'components'], 'Stores sit below features and app.')],
  components: [firebaseBan, layer(['features', 'app'], 'Shared components never import features or the app.')],
  features: [firebaseBan, layer(['app'], 'Features never import the app layer.'), layer(['features'], 'A feature never imports another feature: share through domain/, data/, lib/, stores/ or components/.')],
  app: [firebaseBan],
};

// Cross-folder imports go through '@/…' so the bans above see them.
const relativeUp = { group: ['../../*'], message: "Import across folders with '@/…', not '../../'." };
const restricted = (patterns) => ({ 'no-restricted-imports': ['error', { patterns: [...patterns, relativeUp] }] });

export default tseslint.config(
  // functions/ has its own dependencies (functions/node_modules, installed by npm start / npm test): it is
  // typechecked by `npm test` (tsc -p functions) rather than linted here, so a checkout without them still lints.
  { ignores: ['dist', 'node_modules', 'coverage', 'playwright-report', 'test-results', '.tmp', 'functions'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', { selector: 'TSEnumDeclaration', message: 'No TS enum: use a union of string literals.' }],
    },
  },
  // The service worker (public/sw.js): plain JavaScript outside the TypeScript projects.
  { files: ['public/**/*.js'], ...tseslint.configs.disableTypeChecked, languageOptions: { globals: { ...globals.serviceworker } } },
  ...Object.entries(BANS).map(([area, patterns]) => ({
    files: [`src/${area}/**/*.{ts,tsx}`],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/data/test-seed.ts', ...(area === 'lib' ? ['src/lib/firebase*.ts'] : []), ...(area === 'features' ? ['src/features/*/api.ts', 'src/features/*/api-*.ts'] : [])],
    rules: restricted(patterns),
  })),
  // The doors to Firebase keep the layer bans but may import Firebase.
  { files: ['src/lib/firebase*.ts'], ignores: ['src/**/*.test.{ts,tsx}'], rules: restricted(BANS.lib) },
  { files: ['src/features/*/api.ts', 'src/features/*/api-*.ts'], rules: restricted(BANS.features.filter((p) => p !== firebaseBan)) },
  {
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'window', message: 'domain/ is pure.' }, { name: 'document', message: 'domain/ is pure.' }, { name: 'localStorage', message: 'domain/ is pure.' }],
    },
  },
  // Numbers typed by people are read by the one parser (src/domain/numbers): screens never call
  // Number(), parseFloat() or parseInt() on text. Number() on non-user data (a <select>'s own option values, a
  // boolean, a chart tick) carries an eslint-disable-next-line with its reason.
  {
    files: ['src/features/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}', 'src/app/**/*.{ts,tsx}', 'src/stores/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'No TS enum: use a union of string literals.' },
        { selector: "CallExpression[callee.name='Number']", message: 'Read typed numbers with @/domain/numbers/parse-number (one parser, Italian messages), not Number().' },
        { selector: "CallExpression[callee.name=/^parse(Float|Int)$/]", message: 'Read typed numbers with @/domain/numbers/parse-number, not parseFloat/parseInt.' },
        { selector: "CallExpression[callee.object.name='Number'][callee.property.name=/^parse(Float|Int)$/]", message: 'Read typed numbers with @/domain/numbers/parse-number, not Number.parseFloat/parseInt.' },
        { selector: "UnaryExpression[operator='+'][argument.type!='Literal']", message: 'Read typed numbers with @/domain/numbers/parse-number, not unary +.' },
      ],
    },
  },
  {
    files: ['scripts/**/*.{ts,mjs,js}', 'tests/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
