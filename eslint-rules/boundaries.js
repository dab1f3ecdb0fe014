// The repository's import boundaries (decision 012), as options of `local/import-boundaries`.
// Kept apart from eslint.config.js so that import-boundaries.test.js checks these very zones.

// Tests and test support may reach across the client/server line (a client test starts a real
// server); they say so by their names.
const testFiles = ['\\.test\\.tsx?$', '/test-support/', '^e2e/'];

// Lower client layers: shared infrastructure that features and the app build on.
const belowFeatures = ['client/components/', 'client/hooks/', 'client/db/', 'client/sync/', 'client/lib/', 'client/session/', 'client/pwa/', 'client/push/', 'client/i18n/'];

export const boundaries = {
  zones: [
    { from: ['client/'], except: testFiles, forbid: ['sync-server/'], message: 'the client never imports the server; share code through shared/.' },
    { from: ['sync-server/'], except: testFiles, forbid: ['client/'], message: 'the server never imports the client; share code through shared/.' },
    { from: ['shared/'], except: testFiles, allowOnly: ['shared/'], packages: ['zod', 'fflate', 'papaparse'], message: 'shared/ imports nothing but its own files, zod and the isomorphic zip and CSV libraries (decision 020).' },
    { from: ['shared/'], only: testFiles, allowOnly: ['shared/'], packages: ['zod', 'fflate', 'papaparse', 'vitest', 'fast-check'], message: 'shared/ tests import only shared/, zod, fflate, papaparse and the test tools.' },
    // app/ is the top: it composes the rest and is imported only by the entry, client/main.tsx.
    { from: [...belowFeatures, 'client/features/'], forbid: ['client/app/'], message: 'nothing but client/main.tsx imports client/app/ (it builds on everything else).' },
    { from: belowFeatures, forbid: ['client/features/'], message: 'components, hooks, db, sync, lib, session, pwa, push and i18n never import a feature; move what both need down here.' },
    { isolate: 'client/features/', message: 'a feature never imports another feature; move what both need below (components, hooks, lib) or compose them in client/app/.' },
  ],
};

// No two folders directly under client/ import each other (decision 034): options of
// `local/mutual-folder-imports`. Tests and test support reach across folders on purpose.
export const folderPairs = { parent: 'client/', except: testFiles };
