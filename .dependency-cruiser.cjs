// The import rules of the repository (issue 20), checked by `npm run test:deps` and drawn into
// docs/architecture.md by `npm run docs`. ESLint states the top-folder zones as well
// (import-x/no-restricted-paths in eslint.config.js); this file adds the rules inside server/ and
// src/, cycles and unresolvable imports. Type-only imports count: a type is a dependency too.

/** The core of the server: it knows no feature, features plug into it through hooks. */
/**
 * The floors of the core, lowest first: a floor never imports one above it, so the core reads from
 * the ground up (the wire's protocol stands on sessions and the gateways' port, accounts and the
 * store on the protocol, the credit path of payments on the store).
 */
const CORE_FLOORS = [
  ['db', 'config', 'jobs'],
  ['web', 'messaging', 'identity'],
  ['gateways'],
  ['protocol'],
  ['settings', 'accounts'],
  ['store'],
  ['payments'],
];
/** `server/<folder>/` for each folder, and `server/config.ts` for config. */
const serverPaths = (folders) =>
  `^server/(?:(?:${folders.filter((f) => f !== 'config').join('|')})/` +
  `${folders.includes('config') ? '|config[.]ts$' : ''})`;
const SERVER_CORE = serverPaths(CORE_FLOORS.flat());
const SERVER_FEATURES = ['group-buy', 'crypto', 'kol', 'nodes', 'account-area', 'notices'];
const SERVER_FEATURE = `^server/(${SERVER_FEATURES.join('|')})/`;
/**
 * The operators' floor, on top of core and features: the CLI (server/admin) and the console
 * (server/console), which act on every feature through the same operator functions; and the files
 * that assemble the app from core and features.
 */
const SERVER_ASSEMBLY =
  '^server/(?:admin/|console/|app[.]ts$|main[.]ts$|features[.]ts$|[^/]+-plugin[.]ts$)';
/** Our code, as opposed to the tests, scripts and benchmarks, which may import what they check. */
const OURS = '^(?:contract|machines|src|server)/';
const OUTSIDE_THE_APP = '^(?:tests|e2e|scripts|bench)/';
/** The machines only the console uses (bench/bundle.mjs's CONSOLE_SOURCE names them too). */
const CONSOLE_MACHINES = 'machines/(?:staff-[^/]+|order-refund)/';

/** A forbidden import: every rule here fails the check (severity error). */
const forbid = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid(
      'contract-imports-nothing-of-ours',
      'contract/ is the wire contract both the SPA and the server agree on; it must stand alone, ' +
        'so a change in machines/, src/ or server/ can never change what goes over the wire.',
      { path: '^contract/' },
      { path: `^(?:machines|src|server)/|${OUTSIDE_THE_APP}` },
    ),
    forbid(
      'machines-import-only-contract',
      'The statecharts are plain XState, shared by the SPA and drawn by `npm run flows`; they may ' +
        'lean on the contract only, never on the SPA or the server.',
      { path: '^machines/' },
      { path: `^(?:src|server)/|${OUTSIDE_THE_APP}` },
    ),
    forbid(
      'src-never-imports-server',
      'The SPA talks to the server over the wire (contract/ says how); importing server/ would ' +
        'drag Node code into the browser bundle.',
      { path: '^src/' },
      { path: `^server/|${OUTSIDE_THE_APP}` },
    ),
    forbid(
      'server-imports-only-contract',
      'The server shares the contract with the SPA and nothing else: the SPA and its statecharts ' +
        'are browser code the server must not depend on.',
      { path: '^server/' },
      { path: `^(?:src|machines)/|${OUTSIDE_THE_APP}` },
    ),
    forbid(
      'server-core-knows-no-feature',
      'The core (db, protocol, accounts, store, payments, messaging, settings, web, jobs, config) ' +
        'knows no feature: features register with it through typed hooks, so a new feature is added ' +
        'beside the others instead of woven into the core.',
      { path: SERVER_CORE },
      { path: SERVER_FEATURE },
    ),
    forbid(
      'server-feature-imports-no-other-feature',
      'A server feature (group-buy, crypto, kol, nodes, account-area, notices) never imports another one: ' +
        'they meet through the contract or a hook of the core, so each can be added or removed alone.',
      { path: SERVER_FEATURE },
      { path: SERVER_FEATURE, pathNot: '^server/$1/' },
    ),
    forbid(
      'server-nothing-imports-the-assembly',
      'server/admin, server/console and the assembly files (app.ts, main.ts, the plugins) sit on ' +
        'top and may import anything; the core and the features below them never import them back.',
      { path: `${SERVER_CORE}|${SERVER_FEATURE}` },
      { path: SERVER_ASSEMBLY },
    ),
    forbid(
      'server-db-is-the-lowest-floor',
      'server/db (the schema, the connection, migrations) is the floor everything else stands on; ' +
        'it reads the configuration and nothing else of the server.',
      { path: '^server/db/' },
      { path: '^server/', pathNot: '^server/(?:db/|config[.]ts$)' },
    ),
    ...CORE_FLOORS.slice(0, -1).map((floor, index) => {
      const above = CORE_FLOORS.slice(index + 1).flat();
      return forbid(
        `server-core-floor-${index + 1}-imports-no-floor-above`,
        `The core's floor ${index + 1} (${floor.join(', ')}) never imports a floor above it ` +
          `(${above.join(', ')}): an arrow running back up the core is ` +
          'how store and payments, or accounts and the protocol, came to lean on each other.',
        { path: serverPaths(floor) },
        { path: serverPaths(above) },
      );
    }),
    forbid(
      'src-feature-imports-no-other-feature',
      'A feature of the SPA never imports another feature: a page made of several features is ' +
        'composed in src/pages/, and what several features show lives in src/components or src/lib.',
      { path: '^src/features/([^/]+)/' },
      { path: '^src/features/', pathNot: '^src/features/$1/' },
    ),
    forbid(
      'src-features-import-no-app-shell',
      'src/app is the shell (routes, layout, start-up) that composes the features; a feature that ' +
        'imported it would run back up the floors. What a feature needs of the shell (the page ' +
        'spinner, the display config) lives in src/components or src/lib.',
      { path: '^src/(?:features|components|lib)/' },
      { path: '^src/app/' },
    ),
    forbid(
      'src-shared-code-imports-no-feature-or-page',
      'src/components and src/lib are what the features share; if they imported a feature or a ' +
        'page, the sharing would run in a circle.',
      { path: '^src/(?:components|lib)/' },
      { path: '^src/(?:features|pages)/' },
    ),
    forbid(
      'only-the-routes-import-the-console',
      'The operator console (src/console and the machines only it uses, issue 21) must not be in ' +
        "any member page's JavaScript: only the /admin routes of src/app/routes.tsx load it, on " +
        'demand. Anything else importing it would pull staff code into the member bundle ' +
        '(bench/bundle.mjs, whose CONSOLE_SOURCE names the same machines, shows it does not).',
      { path: OURS, pathNot: `^(?:src/(?:console/|app/routes[.]tsx$)|${CONSOLE_MACHINES})` },
      { path: `^(?:src/console/|${CONSOLE_MACHINES})` },
    ),
    forbid(
      'no-circular',
      'A cycle makes modules that cannot be understood, tested or loaded one at a time; in ' +
        'server/ it also hides an arrow running back up the floors.',
      { path: OURS },
      { circular: true },
    ),
    forbid(
      'not-to-unresolvable',
      'An import that resolves to nothing is a typo or a missing package; it fails at run time ' +
        'and escapes every other rule here.',
      { path: OURS },
      { couldNotResolve: true },
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(?:dist|coverage|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
    // Readable node names in the Mermaid pictures of docs/architecture.md (scripts/architecture-graph.ts).
    reporterOptions: { mermaid: { minify: false } },
  },
};
