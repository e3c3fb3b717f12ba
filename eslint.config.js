// One linter for the whole repo. Type-aware rules are left out on purpose: `npm run typecheck`
// already runs the compiler, and lint must stay fast enough to run on every `npm test`.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import path from 'node:path';

/**
 * STYLE.md: a feature never imports another feature; `web/src/app` wires them together.
 * Reports any import from `web/src/features/<a>/...` that resolves into `features/<b>` (a != b).
 */
const featureBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      cross: 'Feature "{{from}}" must not import feature "{{to}}"; wire them in web/src/app.',
    },
  },
  create(context) {
    const file = context.filename;
    const match = /web[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/.exec(file);
    if (!match) return {};
    const from = match[1];
    const check = (node) => {
      const spec = node.source && node.source.value;
      if (typeof spec !== 'string') return;
      let target = spec;
      if (spec.startsWith('.')) target = path.resolve(path.dirname(file), spec);
      else if (spec.startsWith('@/')) target = 'web/src/' + spec.slice(2);
      const other = /features[\\/]([^\\/]+)/.exec(target);
      if (other && other[1] !== from) {
        context.report({ node, messageId: 'cross', data: { from, to: other[1] } });
      }
    };
    return {
      ImportDeclaration: check,
      ImportExpression: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      // CouchDB functions are bare `function (doc) {...}` expressions, not modules; the design-docs
      // unit tests compile every one of them instead.
      'design-docs/*/**/*.js',
      '!design-docs/src/**',
      '!design-docs/test/**',
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: {
      'react-hooks': reactHooks,
      wayfarer: { rules: { 'feature-boundaries': featureBoundaries } },
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'wayfarer/feature-boundaries': 'error',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
