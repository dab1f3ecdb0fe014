// No two folders directly under a parent (client/db/ and client/sync/, say) import each other:
// each pair depends one way at most, so a layer can be read, tested and replaced from below.
// ESLint sees one file at a time, so for an import of a sibling folder the rule reads that
// folder's files from disk (once per lint run) and reports when one of them imports this
// file's folder back. Both ends of such a pair are reported.
//
// Options: { root?: string, parent: string, except?: string[] } where `parent` is a folder
// relative to `root` (e.g. 'client/') and `except` holds regular expressions of paths whose
// imports do not count (tests and test support reach across folders on purpose).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const toPosix = (path) => path.split(sep).join('/');
const isRelative = (specifier) => specifier === '.' || specifier === '..' || /^\.\.?\//.test(specifier);
const SPECIFIERS = /(?:^|[\s;])(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[\s;])import\s+['"]([^'"]+)['"]/g;

/** The folder directly under `parent` that a repository path lies in, e.g. `client/db/`. */
function folderOf(path, parent) {
  if (!path.startsWith(parent)) return null;
  const rest = path.slice(parent.length);
  const slash = rest.indexOf('/');
  return slash === -1 ? null : parent + rest.slice(0, slash + 1);
}

function sourceFiles(folder) {
  const files = [];
  for (const entry of readdirSync(folder)) {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(?:[cm]?[jt]sx?)$/.test(entry)) files.push(path);
  }
  return files;
}

// root + folder -> Map(imported sibling folder -> first file that imports it)
const cache = new Map();

function importsOf(root, parent, folder, except) {
  const key = `${root}\0${folder}\0${except.join('\0')}`;
  if (cache.has(key)) return cache.get(key);
  const found = new Map();
  let files;
  try {
    files = sourceFiles(resolve(root, folder));
  } catch {
    files = []; // a folder that does not exist imports nothing
  }
  for (const file of files) {
    const path = toPosix(relative(root, file));
    if (except.some((pattern) => new RegExp(pattern).test(path))) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIERS)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      if (!isRelative(specifier)) continue;
      const target = folderOf(toPosix(relative(root, resolve(dirname(file), specifier))), parent);
      if (target && target !== folder && !found.has(target)) found.set(target, path);
    }
  }
  cache.set(key, found);
  return found;
}

export const mutualFolderImports = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, parent: { type: 'string' }, except: { type: 'array', items: { type: 'string' } } },
        required: ['parent'],
        additionalProperties: false,
      },
    ],
    docs: { description: 'No two folders under a parent import each other.' },
    messages: {
      mutual: '"{{specifier}}": {{here}} imports {{there}}, and {{there}} imports {{here}} ({{back}}). Let one depend on the other only: move what both need into one of them or below both.',
    },
  },
  create(context) {
    const options = context.options[0];
    const root = options.root ?? context.cwd;
    const except = options.except ?? [];
    const path = toPosix(relative(root, context.filename));
    const here = folderOf(path, options.parent);
    if (!here || except.some((pattern) => new RegExp(pattern).test(path))) return {};
    function check(node, specifier) {
      if (typeof specifier !== 'string' || !isRelative(specifier)) return;
      const there = folderOf(toPosix(relative(root, resolve(dirname(context.filename), specifier))), options.parent);
      if (!there || there === here) return;
      const back = importsOf(root, options.parent, there, except).get(here);
      if (back) context.report({ node, messageId: 'mutual', data: { specifier, here, there, back } });
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
