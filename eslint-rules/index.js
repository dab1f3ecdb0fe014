// The project's own ESLint rules, loaded by eslint.config.js as the `local` plugin.
import { importBoundaries } from './import-boundaries.js';
import { mutualFolderImports } from './mutual-folder-imports.js';
import { relativeImportExtension } from './relative-import-extension.js';

export const localPlugin = {
  meta: { name: 'local' },
  rules: {
    'import-boundaries': importBoundaries,
    'mutual-folder-imports': mutualFolderImports,
    'relative-import-extension': relativeImportExtension,
  },
};
