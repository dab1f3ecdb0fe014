// Import boundaries between the parts of the repository (decision 012). Paths are compared as
// repository-relative folders with a trailing slash (`client/app/`), resolved from the importing
// file, so `../../app/x.js` and `../app/x.js` are judged by where they land, not how they are spelled.
//
// Options: { root?: string, zones: Zone[] } where a Zone is one of
//   { from: string[], except?: string[], only?: string[], forbid: string[], message }  files under
//       `from` (minus files whose path matches an `except` regular expression; with `only`, just
//       the files matching one of its regular expressions) may not import modules under `forbid`;
//   { from: string[], allowOnly: string[], packages: string[], message }  files under `from` may
//       import only modules under `allowOnly` and the named packages (and their subpaths);
//   { isolate: string, message }  each folder directly under `isolate` (a feature) may not import
//       another folder directly under it.
import { dirname, relative, resolve, sep } from 'node:path';

const toPosix = (path) => path.split(sep).join('/');
const isRelative = (specifier) => specifier === '.' || specifier === '..' || /^\.\.?\//.test(specifier);
const under = (path, folders) => folders.some((folder) => path.startsWith(folder));
const packageName = (specifier) => {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
};
// The folder directly under `isolate` that `path` lies in, e.g. `client/features/auth/`.
const isolatedUnit = (path, isolate) => {
  if (!path.startsWith(isolate)) return null;
  const rest = path.slice(isolate.length);
  const slash = rest.indexOf('/');
  return slash === -1 ? null : isolate + rest.slice(0, slash + 1);
};

const zoneSchema = {
  type: 'object',
  properties: {
    from: { type: 'array', items: { type: 'string' } },
    except: { type: 'array', items: { type: 'string' } },
    only: { type: 'array', items: { type: 'string' } },
    forbid: { type: 'array', items: { type: 'string' } },
    allowOnly: { type: 'array', items: { type: 'string' } },
    packages: { type: 'array', items: { type: 'string' } },
    isolate: { type: 'string' },
    message: { type: 'string' },
  },
  required: ['message'],
  additionalProperties: false,
};

export const importBoundaries = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, zones: { type: 'array', items: zoneSchema } },
        required: ['zones'],
        additionalProperties: false,
      },
    ],
    docs: { description: 'Modules import only across the boundaries the architecture allows.' },
    messages: { crossed: '"{{specifier}}": {{message}}' },
  },
  create(context) {
    const { root = context.cwd, zones } = context.options[0];
    const importer = toPosix(relative(root, context.filename));
    const active = zones.filter((zone) => {
      if (zone.isolate) return isolatedUnit(importer, zone.isolate) !== null;
      if (!under(importer, zone.from)) return false;
      const matches = (pattern) => new RegExp(pattern).test(importer);
      if (zone.only && !zone.only.some(matches)) return false;
      return !(zone.except ?? []).some(matches);
    });
    if (active.length === 0) return {};

    const violation = (zone, specifier) => {
      if (!isRelative(specifier)) {
        // Bare specifiers are packages (or node: builtins); only `allowOnly` zones restrict them.
        if (!zone.allowOnly) return false;
        return !(zone.packages ?? []).includes(packageName(specifier));
      }
      const target = toPosix(relative(root, resolve(dirname(context.filename), specifier)));
      if (zone.isolate) {
        const unit = isolatedUnit(target, zone.isolate);
        return unit !== null && unit !== isolatedUnit(importer, zone.isolate);
      }
      if (zone.forbid) return under(target, zone.forbid);
      return !under(target, zone.allowOnly);
    };

    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      for (const zone of active) {
        if (violation(zone, source.value)) {
          context.report({ node: source, messageId: 'crossed', data: { specifier: source.value, message: zone.message } });
        }
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
