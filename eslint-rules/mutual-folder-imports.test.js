import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { mutualFolderImports } from './mutual-folder-imports.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = afterAll;

// A small repository on disk: the rule reads the imported folder's files from there.
const root = mkdtempSync(join(tmpdir(), 'mutual-folders-'));
const files = {
  'client/db/database.ts': "import { x } from '../lib/x.js';",
  'client/sync/start-sync.ts': "import type { ToyDatabase } from '../db/database.js';",
  'client/hooks/use-db.ts': "export const useDb = () => import('../session/session.js');",
  'client/session/session.tsx': "export { thing } from '../lib/thing.js';",
  'client/lib/x.ts': 'export const x = 1;',
  'client/lib/x.test.ts': "import { db } from '../db/database.js';",
  'client/test-support/harness.ts': "import { startSync } from '../sync/start-sync.js';",
};
for (const [path, code] of Object.entries(files)) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), code);
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

const options = [{ root, parent: 'client/', except: ['\\.test\\.tsx?$', '/test-support/'] }];
const file = (path) => join(root, path);

new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } }).run('mutual-folder-imports', mutualFolderImports, {
  valid: [
    // One way only: sync builds on db.
    { filename: file('client/sync/start-sync.ts'), code: "import { openUserDatabase } from '../db/database.js';", options },
    // Within one folder.
    { filename: file('client/db/ops.ts'), code: "import { x } from './database.js';", options },
    // lib imports nothing back, so anyone may import it.
    { filename: file('client/session/session.tsx'), code: "import { x } from '../lib/x.js';", options },
    // A test may reach across (lib/x.test.ts imports db, which does not make lib import db).
    { filename: file('client/db/database.ts'), code: "import { x } from '../lib/x.js';", options },
    { filename: file('client/sync/start-sync.test.ts'), code: "import { h } from '../test-support/harness.js';", options },
    // Packages and other parents are not this rule's business.
    { filename: file('client/db/database.ts'), code: "import { createRxDatabase } from 'rxdb';\nimport { s } from '../../shared/docs.js';", options },
  ],
  invalid: [
    {
      // db would import sync, which imports db.
      filename: file('client/db/database.ts'),
      code: "import { deletePulledBases } from '../sync/pulled-bases.js';",
      options,
      errors: [{ messageId: 'mutual', data: { specifier: '../sync/pulled-bases.js', here: 'client/db/', there: 'client/sync/', back: 'client/sync/start-sync.ts' } }],
    },
    {
      // A lazy import counts too, and so does a re-export.
      filename: file('client/session/session.tsx'),
      code: "const load = () => import('../hooks/use-db.js');\nexport { useDb } from '../hooks/use-db.js';",
      options,
      errors: [{ messageId: 'mutual' }, { messageId: 'mutual' }],
    },
  ],
});
