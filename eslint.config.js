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

/**
 * Layers point one way (STYLE.md, bulletproof-react): `app` → `features` → the shared layers
 * (`components`, `lib`, `stores`, `config`, `types`, `content`, `styles`). A feature never imports
 * `app`; a shared layer never imports a feature or `app`. From the API, the web app imports only
 * what both sides share: `@wayfarer/api/schemas...`.
 */
const WEB_LAYERS = {
  app: 3,
  features: 2,
  components: 1,
  lib: 1,
  stores: 1,
  config: 1,
  types: 1,
  content: 1,
  styles: 1,
  testing: 1,
};
const layerOf = (file) => /web[\\/]src[\\/]([^\\/]+)[\\/]/.exec(file)?.[1];
const webLayers = {
  meta: {
    type: 'problem',
    messages: {
      upward:
        'web/src/{{from}} must not import web/src/{{to}}: layers point app → features → shared.',
      api: 'The web app imports only the shared schemas from the API (@wayfarer/api/schemas...), not {{spec}}.',
    },
  },
  create(context) {
    const file = context.filename;
    const from = layerOf(file);
    if (!from || !(from in WEB_LAYERS)) return {};
    const check = (node) => {
      const spec = node.source && node.source.value;
      if (typeof spec !== 'string') return;
      if (spec.startsWith('@wayfarer/api') && !/^@wayfarer\/api\/schemas(\/|$)/.test(spec)) {
        context.report({ node, messageId: 'api', data: { spec } });
        return;
      }
      let target;
      if (spec.startsWith('.')) target = path.resolve(path.dirname(file), spec) + '/';
      else if (spec.startsWith('@/')) target = 'web/src/' + spec.slice(2) + '/';
      else return;
      const to = layerOf(target);
      if (!to || !(to in WEB_LAYERS) || to === from) return;
      // Tests may set up whatever they exercise.
      if (to === 'testing' || /\.test\.tsx?$/.test(file)) return;
      if (WEB_LAYERS[to] > WEB_LAYERS[from] || (WEB_LAYERS[from] === 1 && WEB_LAYERS[to] > 1))
        context.report({ node, messageId: 'upward', data: { from, to } });
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
      wayfarer: { rules: { 'feature-boundaries': featureBoundaries, 'web-layers': webLayers } },
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'wayfarer/feature-boundaries': 'error',
      'wayfarer/web-layers': 'error',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
