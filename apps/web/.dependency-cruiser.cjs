/**
 * The web app's floors (issue "One access policy, one feature manifest", item 6), checked by
 * `npm run lint:deps:web` (run from the repository root):
 *
 *   app/        may import anything (router, providers, theme)
 *   shell/      features (through their index.ts) and lib/
 *   features/x/ lib/, the contract, npm packages, its own files, and another feature's index.ts
 *   lib/        lib/, the contract and npm packages only
 *
 * Type-only imports count too: a cycle or a reach upward through types still ties the modules together.
 */
const path = require('node:path');

const src = '^apps/web/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other load in an order nobody chose; split out what both need.',
      from: { path: src },
      to: { circular: true },
    },
    {
      name: 'features-not-to-app',
      severity: 'error',
      comment:
        'A feature stands on lib/ and the contract: the state it shares with others (auth, realtime) lives in lib/.',
      from: { path: `${src}features/` },
      to: { path: `${src}(app|shell)/|${src}[^/]+$` },
    },
    {
      name: 'features-through-index',
      severity: 'error',
      comment: 'Another feature is reached only through its index.ts, the small surface it chooses to share.',
      from: { path: `${src}features/([^/]+)/` },
      to: {
        path: `${src}features/[^/]+/`,
        pathNot: [`${src}features/$1/`, `${src}features/[^/]+/index\\.tsx?$`],
      },
    },
    {
      name: 'shell-through-index',
      severity: 'error',
      comment: 'The shell uses features through their index.ts, and never app/ (app composes the shell).',
      from: { path: `${src}shell/` },
      to: {
        path: `${src}(app/|features/[^/]+/)`,
        pathNot: `${src}features/[^/]+/index\\.tsx?$`,
      },
    },
    {
      name: 'lib-not-upward',
      severity: 'error',
      comment: 'lib/ is what every area stands on: it must not import features, the shell or app.',
      from: { path: `${src}lib/` },
      to: { path: `${src}(features|shell|app)/|${src}[^/]+$` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(__dirname, 'tsconfig.json') },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
