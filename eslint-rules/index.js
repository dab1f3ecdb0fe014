// The project's own ESLint rules, loaded by eslint.config.js as the `local` plugin.
import { importBoundaries } from './import-boundaries.js';
import { relativeImportExtension } from './relative-import-extension.js';

export const localPlugin = {
  meta: { name: 'local' },
  rules: {
    'import-boundaries': importBoundaries,
    'relative-import-extension': relativeImportExtension,
  },
};
