import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const firebaseBan = {
  group: ['firebase/*', '@firebase/*', 'firebase-admin', 'firebase-admin/*'],
  message: 'Only src/lib/firebase*, src/data/ and src/features/*/api.ts talk to Firebase.',
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'playwright-report', 'test-results', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser },
    },
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: { 'import/resolver': { typescript: { project: ['tsconfig.app.json', 'tsconfig.node.json'] } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', { selector: 'TSEnumDeclaration', message: 'No TS enum: use a union of string literals.' }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/domain', from: './src', except: ['./domain'], message: 'domain/ is pure: it imports nothing else of the app.' },
            { target: './src/data', from: ['./src/features', './src/app', './src/stores', './src/components'], message: 'Imports go domain <- data <- features <- app.' },
            { target: './src/features', from: './src/app', message: 'Features never import the app layer.' },
            { target: './src/lib', from: ['./src/features', './src/app'], message: 'lib/ is below features and app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/firebase*.ts', 'src/data/**', 'src/features/*/api.ts', 'src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [firebaseBan] }] },
  },
  {
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            firebaseBan,
            { group: ['react', 'react-dom', 'react-*', 'react-router*'], message: 'domain/ imports no React or router.' },
            { group: ['zustand', 'zustand/*'], message: 'domain/ imports no store.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'window', message: 'domain/ is pure.' }, { name: 'document', message: 'domain/ is pure.' }, { name: 'localStorage', message: 'domain/ is pure.' }],
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
