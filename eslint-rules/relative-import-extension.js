// One import-extension style: every relative import of a TypeScript/JavaScript module ends in
// `.js` (TypeScript's Bundler resolution and Vite map `./x.js` to x.ts or x.tsx). Imports of
// other files (`./page.css`, `./logo.svg`) and Vite queries (`./worker.ts?worker`) are left alone.
// The fixer appends `.js`, or `/index.js` when the path names a folder with an index module.
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const moduleExtensions = ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs', '.d.ts'];

const isFile = (path) => existsSync(path) && statSync(path).isFile();

// What the specifier should become, or null when there is nothing to fix or no module to point at.
const fixedSpecifier = (importer, specifier) => {
  const target = resolve(dirname(importer), specifier);
  if (moduleExtensions.some((ext) => isFile(target + ext))) return `${specifier}.js`;
  if (moduleExtensions.some((ext) => isFile(resolve(target, `index${ext}`)))) {
    return `${specifier.replace(/\/$/, '')}/index.js`;
  }
  return null;
};

const isRelative = (specifier) => specifier === '.' || specifier === '..' || /^\.\.?\//.test(specifier);

export const relativeImportExtension = {
  meta: {
    type: 'suggestion',
    fixable: 'code',
    schema: [],
    docs: { description: 'Relative imports of modules end in `.js`.' },
    messages: {
      missing: 'Relative import "{{specifier}}" must end in ".js" (write "{{fixed}}").',
      unresolved: 'Relative import "{{specifier}}" has no extension and names no module; write the path of a module ending in ".js".',
    },
  },
  create(context) {
    const importer = context.filename;
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const specifier = source.value;
      if (!isRelative(specifier) || specifier.includes('?')) return;
      if (specifier.endsWith('.js')) return;
      const target = resolve(dirname(importer), specifier);
      // A path to an existing non-module file (stylesheet, image, JSON) keeps its own extension.
      if (isFile(target)) return;
      const fixed = fixedSpecifier(importer, specifier);
      if (fixed === null) {
        context.report({ node: source, messageId: 'unresolved', data: { specifier } });
        return;
      }
      const quote = source.raw[0];
      context.report({
        node: source,
        messageId: 'missing',
        data: { specifier, fixed },
        fix: (fixer) => fixer.replaceText(source, `${quote}${fixed}${quote}`),
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
