/**
 * The server's floors, checked by `npm run lint:deps:server` (run from the repository root):
 *
 *   app.ts, main.ts          may import anything (they compose the app)
 *   features/x/              the floors below, its own files, and another feature's index.ts only
 *   feature.ts, account.ts   the manifest's types and the account runner: the floors below
 *   policy/, realtime/, http/, events/, platform/, db/, deps.ts, config.ts   never features/ or app.ts
 *
 * Type-only imports count too: a cycle or a reach upward through types still ties the modules together.
 * Tests may reach anywhere to set up state; the rules guard what ships.
 */
const path = require('node:path');

const src = '^apps/server/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other load in an order nobody chose; split out what both need.',
      from: { path: src, pathNot: '\\.test\\.ts$' },
      to: { circular: true },
    },
    {
      name: 'features-through-index',
      severity: 'error',
      comment: 'Another feature is reached only through its index.ts, the small surface it chooses to share.',
      from: { path: `${src}features/([^/]+)/`, pathNot: '\\.test\\.ts$' },
      to: {
        path: `${src}features/[^/]+/`,
        pathNot: [`${src}features/$1/`, `${src}features/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'floors-not-upward',
      severity: 'error',
      comment:
        'What features stand on (policy, realtime, http, events, platform, db, the manifest types) never reaches up into features or app.ts.',
      from: {
        path: `${src}(policy|realtime|http|events|platform|db|web)/|${src}(deps|config|feature|account)\\.ts$`,
        pathNot: '\\.test\\.ts$',
      },
      to: { path: `${src}features/|${src}(app|main)\\.ts$` },
    },
    {
      name: 'features-not-to-app',
      severity: 'error',
      comment: 'A feature is composed by app.ts; it never imports it.',
      from: { path: `${src}features/`, pathNot: '\\.test\\.ts$' },
      to: { path: `${src}(app|main)\\.ts$` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|drizzle)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(__dirname, 'tsconfig.json') },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs'] },
  },
};
