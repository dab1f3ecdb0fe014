import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { serverInputsHash, STAMP_FILE } from './build-inputs.js';

// The server as plain JavaScript for `npm start` (decision 038): sync-server/index.ts and what it
// imports, its pure-JavaScript dependencies included, bundled by esbuild into dist-server/, which
// plain Node runs with no TypeScript loader and a few files to load instead of a thousand.
// Left outside the bundle, loaded from node_modules at run time: native addons (better-sqlite3,
// sharp, pg's optional pg-native) and the S3 client, large and loaded only when S3 is configured.
// `npm run serve` still runs the sources through tsx.

const repo = path.resolve(import.meta.dirname, '..');
export const SERVER_DIST = path.join(repo, 'dist-server');

/**
 * Bundles the server into `outDir` (dist-server/) and stamps it with the hash of its inputs.
 * `outDir` must lie inside the repository, as deep as sync-server/: the bundle finds the
 * packages left outside it in node_modules, and the client at ../dist.
 */
export async function buildServer(outDir = SERVER_DIST) {
  const hash = serverInputsHash(repo);
  // Built beside it and swapped in whole: a server already running from dist-server/ keeps its
  // lazily loaded chunks, and an interrupted build leaves no stamp.
  const next = `${outDir}.next`;
  fs.rmSync(next, { recursive: true, force: true });
  await build({
    absWorkingDir: repo,
    entryPoints: ['sync-server/index.ts'],
    outdir: next,
    bundle: true,
    splitting: true, // what the server imports lazily (mail layout, S3 store) stays a chunk of its own
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['better-sqlite3', 'sharp', 'pg-native', '@aws-sdk/*'],
    // CommonJS dependencies call require() for Node's built-ins; an ES module has none of its own.
    banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  fs.writeFileSync(path.join(next, STAMP_FILE), `${hash}\n`);
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.renameSync(next, outDir);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
