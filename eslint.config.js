// ESLint: the AdonisJS application rules (@adonisjs/eslint-config, Prettier included as a rule) for
// the server, CLI, tests and the frontend; run by the test command (`npm run check:lint`).
import { configApp } from '@adonisjs/eslint-config'
import reactHooks from 'eslint-plugin-react-hooks'

export default configApp(
  {
    ignores: [
      'frontend/dist/**',
      'frontend/dist-ssr/**',
      'tmp/**',
      'storage/**',
      'bench/out/**',
      'frontend/src/common/api_types.ts',
    ],
  },
  {
    name: 'Project choices',
    rules: {
      // `(await request).body()` reads well in tests and one-line reads; the rule would add a variable each.
      '@unicorn/no-await-expression-member': 'off',
      '@typescript-eslint/naming-convention': [
        'error',
        // Unused parts of a destructuring start with _; fields destructured from the API's snake_case stay as named.
        {
          selector: 'variable',
          format: ['camelCase', 'UPPER_CASE', 'PascalCase'],
          leadingUnderscore: 'allow',
        },
        { selector: 'variable', modifiers: ['destructured'], format: null },
        { selector: 'typeLike', format: ['PascalCase'] },
        {
          selector: 'interface',
          format: ['PascalCase'],
          custom: { regex: '^I[A-Z]', match: false },
        },
      ],
    },
  },
  {
    name: 'Frontend (React): components are named in PascalCase files',
    files: ['frontend/**/*.ts', 'frontend/**/*.tsx'],
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      '@unicorn/filename-case': 'off',
      // The two classic hook rules (the React Compiler's rules of the plugin's v7 presets are not used).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    name: "API calls are typed by their route (api.get/post/…); the untyped request<T> is the dataProvider's alone",
    files: ['frontend/src/**/*.ts', 'frontend/src/**/*.tsx'],
    ignores: ['frontend/src/admin/dataProvider/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/common/api'],
              importNames: ['request'],
              message:
                "Call api.get/post/put/patch/delete with the route's path: its answer type comes from api_types.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    name: 'Back-office screens stay split into their parts (list, stats, dialogs, cells: each readable on its own)',
    files: ['frontend/src/admin/**/*.ts', 'frontend/src/admin/**/*.tsx'],
    rules: { 'max-lines': ['error', { max: 200 }] },
  }
)
