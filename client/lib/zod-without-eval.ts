import { config } from 'zod';

// zod as the app's code sees it (the build points every `import 'zod'` here, see
// client/build/zod-without-eval.ts): set to never compile validators with `new Function`
// before any schema is built. The CSP forbids eval, and zod's probe alone is reported as a
// violation. This module runs before every module that imports zod, wherever zod first loads,
// so the first page need not load zod just to configure it (decision 043).
config({ jitless: true });

export * from 'zod';
export { default } from 'zod';
