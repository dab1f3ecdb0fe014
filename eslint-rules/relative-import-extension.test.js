import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { relativeImportExtension } from './relative-import-extension.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = afterAll;

// A small tree on disk: the rule looks at which files exist to choose its fix.
const root = mkdtempSync(join(tmpdir(), 'relative-import-extension-'));
for (const file of ['app/main.tsx', 'app/page.tsx', 'app/util.ts', 'app/page.css', 'lib/index.ts', 'lib/deep/x.ts']) {
  mkdirSync(join(root, file, '..'), { recursive: true });
  writeFileSync(join(root, file), '');
}
const filename = join(root, 'app/main.tsx');

new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } }).run(
  'relative-import-extension',
  relativeImportExtension,
  {
    valid: [
      { filename, code: "import { a } from './util.js';" },
      { filename, code: "import { Page } from './page.js';" },
      { filename, code: "import './page.css';" },
      { filename, code: "import worker from './worker.ts?worker';" },
      { filename, code: "import { z } from 'zod';" },
      { filename, code: "import { x } from 'node:fs';" },
      { filename, code: "const m = import('../lib/index.js');" },
      { filename, code: "export { a } from './util.js';" },
    ],
    invalid: [
      {
        filename,
        code: "import { a } from './util';",
        output: "import { a } from './util.js';",
        errors: [{ messageId: 'missing' }],
      },
      {
        filename,
        code: 'import { Page } from "./page";',
        output: 'import { Page } from "./page.js";',
        errors: [{ messageId: 'missing' }],
      },
      {
        filename,
        code: "import { l } from '../lib';",
        output: "import { l } from '../lib/index.js';",
        errors: [{ messageId: 'missing' }],
      },
      {
        filename,
        code: "import { x } from '../lib/deep/x';\nexport * from './util';\nexport { Page } from './page';\nconst p = import('./page');",
        output: "import { x } from '../lib/deep/x.js';\nexport * from './util.js';\nexport { Page } from './page.js';\nconst p = import('./page.js');",
        errors: [{ messageId: 'missing' }, { messageId: 'missing' }, { messageId: 'missing' }, { messageId: 'missing' }],
      },
      {
        filename,
        code: "import { gone } from './missing';",
        output: null,
        errors: [{ messageId: 'unresolved' }],
      },
    ],
  },
);
