import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// What each build reads, as one content hash: the client build (Vite: the client's sources,
// index.html, public files, the prerender, shared/, the configs, the lockfile, which pins every
// dependency the bundle takes in, and the VITE_* variables) and the server build (esbuild:
// sync-server/, shared/, the lockfile, the bundling script). Each build writes its hash into its
// output (STAMP_FILE); `npm start` (scripts/start.js) rebuilds only the build whose hash differs.
// Contents, not times: a checkout or a `touch` changes times without changing the build.
// Plain JavaScript: `npm start` runs under plain Node, with no TypeScript loader to start.

const CLIENT_INPUTS = ['client', 'shared', 'vite.config.ts', 'tsconfig.json', 'package-lock.json', 'scripts/build-stamp.ts'];
const SERVER_INPUTS = ['sync-server', 'shared', 'tsconfig.json', 'package-lock.json', 'scripts/build-server.js'];
/** Files no build reads: tests and their helpers. */
const NOT_AN_INPUT = /(?:\.test\.tsx?$|(?:^|\/)(?:test-support|node_modules)(?:\/|$))/;
/**
 * The environment the client build reads: Vite's public variables (import.meta.env). NODE_ENV
 * is not one of them here: Vite sets it while it builds, and `npm start` always builds for
 * production. The server build reads none.
 */
const BUILD_ENV = /^VITE_/;

export const STAMP_FILE = '.build-inputs';

/** @param {string} repo @param {string} entry @returns {string[]} */
function files(repo, entry) {
  const full = path.join(repo, entry);
  if (!fs.existsSync(full) || NOT_AN_INPUT.test(entry)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full)
    .sort()
    .flatMap((name) => files(repo, path.posix.join(entry, name)));
}

/** @param {import('node:crypto').Hash} hash @param {string} repo @param {string[]} inputs */
function hashFiles(hash, repo, inputs) {
  for (const file of inputs.flatMap((entry) => files(repo, entry))) {
    hash.update(`file ${file}\n`);
    hash.update(fs.readFileSync(path.join(repo, file)));
  }
}

/** The hash of the client build's inputs in `repo` for a build in `mode`. */
export function buildInputsHash(repo, mode, env = process.env) {
  const hash = createHash('sha256');
  hash.update(`mode ${mode}\n`);
  for (const [name, value] of Object.entries(env).sort(([a], [b]) => a.localeCompare(b))) {
    if (BUILD_ENV.test(name)) hash.update(`env ${name}=${value}\n`);
  }
  hashFiles(hash, repo, CLIENT_INPUTS);
  return hash.digest('hex');
}

/** The hash of the server bundle's inputs in `repo`. */
export function serverInputsHash(repo) {
  const hash = createHash('sha256');
  hash.update('server\n');
  hashFiles(hash, repo, SERVER_INPUTS);
  return hash.digest('hex');
}

/** The hash a finished build in `outDir` was made from, or null (no build, or one that failed). */
export function builtFrom(outDir) {
  try {
    return fs.readFileSync(path.join(outDir, STAMP_FILE), 'utf8').trim();
  } catch {
    return null;
  }
}
