import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { importBoundaries } from './import-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = afterAll;

const root = '/repo';
const options = [
  {
    root,
    zones: [
      { from: ['client/'], except: ['\\.test\\.tsx?$', '/test-support/'], forbid: ['sync-server/'], message: 'client never imports sync-server' },
      { from: ['shared/'], except: ['\\.test\\.ts$'], allowOnly: ['shared/'], packages: ['zod'], message: 'shared imports only shared and zod' },
      { from: ['shared/'], only: ['\\.test\\.ts$'], allowOnly: ['shared/'], packages: ['zod', 'vitest'], message: 'shared tests import only shared, zod and vitest' },
      { from: ['client/components/', 'client/hooks/'], forbid: ['client/app/'], message: 'lower layers never import app' },
      { isolate: 'client/features/', message: 'no feature imports another feature' },
    ],
  },
];
const file = (path) => `${root}/${path}`;

new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } }).run('import-boundaries', importBoundaries, {
  valid: [
    { filename: file('client/features/auth/login.tsx'), code: "import { x } from '../../components/button.js';", options },
    { filename: file('client/features/auth/login.tsx'), code: "import { x } from './form.js';", options },
    { filename: file('client/features/auth/login.test.tsx'), code: "import { x } from '../../../sync-server/app.js';", options },
    { filename: file('client/test-support/server.ts'), code: "import { x } from '../../sync-server/app.js';", options },
    { filename: file('client/features/auth/login.tsx'), code: "import { x } from '../../../shared/domain/plans.js';", options },
    { filename: file('shared/domain/plans.ts'), code: "import { z } from 'zod';\nimport { y } from 'zod/mini';\nimport { a } from '../routes.js';", options },
    { filename: file('client/app/router.tsx'), code: "const p = import('../features/home/home-page.js');", options },
    { filename: file('shared/domain/plans.test.ts'), code: "import { it } from 'vitest';\nimport { z } from 'zod';", options },
    { filename: file('client/components/button.tsx'), code: "import { x } from '../hooks/use-x.js';", options },
    { filename: file('sync-server/app.ts'), code: "import { x } from '../client/app/api.js';", options },
  ],
  invalid: [
    {
      filename: file('client/sync/http.ts'),
      code: "import { x } from '../../sync-server/app.js';",
      options,
      errors: [{ messageId: 'crossed', data: { specifier: '../../sync-server/app.js', message: 'client never imports sync-server' } }],
    },
    {
      filename: file('client/features/pricing/billing-test-server.ts'),
      code: "import { x } from '../../../sync-server/app.js';",
      options,
      errors: [{ messageId: 'crossed' }],
    },
    {
      filename: file('shared/domain/plans.ts'),
      code: "import { x } from '../../client/app/api.js';\nimport fs from 'node:fs';\nexport * from 'hono';",
      options,
      errors: [{ messageId: 'crossed' }, { messageId: 'crossed' }, { messageId: 'crossed' }],
    },
    {
      // `only`: the test zone applies to tests alone, so a shipped file is told once, by its own zone.
      filename: file('shared/domain/plans.ts'),
      code: "import { it } from 'vitest';",
      options,
      errors: [{ messageId: 'crossed', data: { specifier: 'vitest', message: 'shared imports only shared and zod' } }],
    },
    {
      filename: file('shared/domain/plans.test.ts'),
      code: "import { fc } from 'fast-check';",
      options,
      errors: [{ messageId: 'crossed', data: { specifier: 'fast-check', message: 'shared tests import only shared, zod and vitest' } }],
    },
    {
      filename: file('client/components/nav/menu.tsx'),
      code: "import { x } from '../../app/session.js';",
      options,
      errors: [{ messageId: 'crossed', data: { specifier: '../../app/session.js', message: 'lower layers never import app' } }],
    },
    {
      filename: file('client/features/auth/login.tsx'),
      code: "import { x } from '../settings/form.js';\nconst p = import('../../features/home/page.js');",
      options,
      errors: [{ messageId: 'crossed' }, { messageId: 'crossed' }],
    },
  ],
});
