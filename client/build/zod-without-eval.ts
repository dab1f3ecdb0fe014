import path from 'node:path';
import type { Plugin } from 'vite';

// Build-time only (vite.config.ts): the app's `import ... from 'zod'` resolves to
// client/lib/zod-without-eval.ts, which configures zod before any schema module runs. The
// module itself imports the real zod.

const SHIM = path.resolve(import.meta.dirname, '../lib/zod-without-eval.ts');

export function zodWithoutEval(): Plugin {
  return {
    name: 'toy-rotation:zod-without-eval',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'zod' || importer === SHIM) return null;
      return SHIM;
    },
  };
}
