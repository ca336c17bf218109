// @ts-check
import eslint from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

/** The engine is pure: no framework, no database, no clock, no hidden randomness. */
const ENGINE_PURITY = {
  'no-restricted-imports': [
    'error',
    {
      paths: [
        { name: 'typeorm', message: 'src/engine is pure: no database access.' },
        { name: 'pg', message: 'src/engine is pure: no database access.' },
      ],
      patterns: [
        { group: ['@nestjs/*'], message: 'src/engine is pure: no Nest.' },
        { group: ['typeorm/*', 'pg/*'], message: 'src/engine is pure: no database access.' },
      ],
    },
  ],
  'no-restricted-properties': [
    'error',
    {
      object: 'Math',
      property: 'random',
      message: "Use the game's seeded dice (src/engine/dice.ts).",
    },
    {
      object: 'Date',
      property: 'now',
      message: 'src/engine has no clock: pass time in if needed.',
    },
  ],
  'no-restricted-syntax': [
    'error',
    {
      selector: "NewExpression[callee.name='Date']",
      message: 'src/engine has no clock: pass time in if needed.',
    },
    {
      selector: "CallExpression[callee.name='Date']",
      message: 'src/engine has no clock: pass time in if needed.',
    },
  ],
  'no-restricted-globals': [
    'error',
    { name: 'performance', message: 'src/engine has no clock.' },
    { name: 'crypto', message: 'src/engine has no hidden randomness: use the seeded dice.' },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**', '**/*.js', '**/*.cjs'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { sourceType: 'module', ecmaVersion: 2022 },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', 'test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  { files: ['src/engine/**/*.ts'], rules: ENGINE_PURITY },
  prettier,
);
