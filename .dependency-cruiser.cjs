// The import rules of docs/conventions.md ("Import direction"), checked by `npm test` (step `imports`).
// Run alone: npx depcruise --config .dependency-cruiser.cjs apps/api/src apps/web/src packages
// Type-only imports count: a cycle through types still ties the files' designs together.

/** Where a slice of the API lives; `$1` in a `to` pattern is the importing file's own slice. */
const SLICE = '^apps/api/src/modules/([^/]+)/';
/** Test files and the helpers they share. */
const TEST_CODE = '[.]test[.]tsx?$|^apps/api/test/';

/** A rule refusing every import from a file matching `from` of a module matching `to`. */
const forbid = (name, from, to) => ({ name, severity: 'error', from, to });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // A circle has no first file to load or to read: each part must make sense without the ones it feeds.
    forbid('no-circular', { path: '^(apps/(api|web)/src|packages/[^/]+/src)/' }, { circular: true }),
    // The browser bundle holds only the web app and the shared packages, never server code.
    forbid(
      'web-imports-only-shared-packages',
      { path: '^apps/web/' },
      { pathNot: '^(apps/web/|packages/(contracts|i18n)/|node_modules/)', dependencyTypesNot: ['core'] },
    ),
    // The browser reads the API's messages through packages/i18n's index only, which loads a language's texts when
    // it is chosen; the server's catalogue modules (both languages of every file) and the mails' texts stay out of the
    // bundle, and the contracts the web imports do not pull them in.
    forbid(
      'web-imports-no-server-catalogue',
      { path: '^(apps/web/|packages/contracts/)', pathNot: TEST_CODE },
      { path: '^packages/i18n/(src/(catalogue|mail)[.]ts|locales/[^/]+/(server|mail)[.]json)$' },
    ),
    // The shared packages (contracts, i18n) are what both apps build on, so they cannot depend on either.
    forbid('packages-import-no-app', { path: '^packages/' }, { path: '^apps/' }),
    // lib/ holds domain-free helpers every slice may use; a slice behind it would make it domain code.
    forbid('api-lib-imports-no-module', { path: '^apps/api/src/lib/' }, { path: '^apps/api/src/modules/' }),
    // The schema is the database's shape, read by migrations and every slice; it knows no feature code.
    forbid('api-schema-imports-no-module', { path: '^apps/api/src/db/schema/' }, { path: '^apps/api/src/modules/' }),
    // Routes and a slice's index are its HTTP surface, wired where the app is built; slices share services,
    // queries, policies and presenters instead.
    forbid(
      'api-no-other-slice-routes-or-index',
      { path: SLICE },
      { path: '^apps/api/src/modules/([^/]+/index|.*[.]routes)[.]ts$', pathNot: '^apps/api/src/modules/$1/' },
    ),
    // Test helpers build fake users and open test databases: shipped code must never reach them.
    forbid('no-test-helper-in-source', { pathNot: TEST_CODE }, { path: '^apps/api/test/' }),
  ],
  options: {
    // swc reads TypeScript and keeps type-only imports; typescript 7 has no JavaScript API to parse with.
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
