import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { boundaries } from './boundaries.js';
import { importBoundaries } from './import-boundaries.js';

// The repository's own zones (decision 012's table), not sample options: removing or weakening
// a zone in boundaries.js fails one of these cases.

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = afterAll;

const root = '/repo';
const options = [{ root, ...boundaries }];
const at = (path, code) => ({ filename: `${root}/${path}`, code, options });
const crossing = (path, code, count = 1) => ({ ...at(path, code), errors: Array.from({ length: count }, () => ({ messageId: 'crossed' })) });

new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } }).run('the repository boundaries', importBoundaries, {
  valid: [
    // The entry and the app compose everything.
    at('client/main.tsx', "import { AppRoutes } from './app/router.js';\nimport { SessionProvider } from './session/session.js';"),
    at('client/app/router.tsx', "const page = import('../features/inventory/inventory-page.js');"),
    at('client/app/layout.tsx', "import { UpdatePrompt } from '../pwa/update-prompt.js';"),
    // Features build on the lower layers and their own files.
    at('client/features/settings/settings-page.tsx', "import { Button } from '../../components/button.js';\nimport { apiJson } from '../../lib/http.js';\nimport { x } from './storage-info.js';"),
    at('client/pwa/update-prompt.tsx', "import { Button } from '../components/button.js';"),
    at('client/db/provider.tsx', "import { useSession } from '../session/session.js';"),
    // shared/ may use its zip and CSV libraries; its tests their test tools.
    at('shared/export/zip.ts', "import { zipSync } from 'fflate';\nimport Papa from 'papaparse';\nimport { z } from 'zod';"),
    at('shared/domain/plans.test.ts', "import { fc } from 'fast-check';\nimport { it } from 'vitest';"),
    // Tests and test support may start the real server.
    at('client/sync/rules.test.ts', "import { createApp } from '../../sync-server/app.js';"),
    at('client/test-support/sync-harness.ts', "import { createApp } from '../../sync-server/app.js';"),
  ],
  invalid: [
    crossing('client/features/inventory/toy-form.tsx', "import { Layout } from '../../app/layout.js';"),
    crossing('client/features/settings/settings-page.test.tsx', "import { AppRoutes } from '../../app/router.js';"),
    crossing('client/pwa/update-prompt.tsx', "import { Layout } from '../app/layout.js';"),
    crossing('client/hooks/use-now.ts', "import { x } from '../app/guards.js';"),
    crossing('client/session/session.tsx', "import { x } from '../app/router.js';"),
    crossing('client/components/card.tsx', "import { ToyCard } from '../features/inventory/toy-card.js';"),
    crossing('client/db/provider.tsx', "const join = import('../features/join/join-page.js');"),
    crossing('client/sync/start-sync.ts', "export { x } from '../features/home/home-page.js';"),
    crossing('client/lib/http.ts', "import { x } from '../features/auth/login-page.js';"),
    crossing('client/pwa/register-sw.ts', "import { x } from '../features/settings/storage-info.js';"),
    crossing('client/hooks/use-children.ts', "import { x } from '../features/settings/children.js';"),
    crossing('client/features/inventory/toy-form.tsx', "import { x } from '../settings/children.js';"),
    crossing('client/features/rotation/rotation-page.tsx', "import { createApp } from '../../../sync-server/app.js';"),
    crossing('sync-server/routes/sync.ts', "import { x } from '../../client/sync/http.js';"),
    crossing('shared/domain/plans.ts', "import { Hono } from 'hono';\nimport fs from 'node:fs';", 2),
    crossing('shared/domain/plans.test.ts', "import { x } from '../../client/lib/http.js';"),
  ],
});
