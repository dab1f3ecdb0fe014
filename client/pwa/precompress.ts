import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { isAppChunk } from './app-chunks.js';

// Build-time only (vite.config.ts): after the bundle and the service worker are written, every
// text file of dist/ gets a brotli (.br) and a gzip (.gz) copy, which the server sends as they
// are (sync-server/lib/static-client.ts). Brotli's best level costs about 30 times the CPU of
// level 6 for 5-8% fewer bytes: worth it for what a first visit downloads (the shell, the
// public pages), not for the signed-in app's chunks, fetched once after sign-in into the
// service worker's cache. Gzip stays for browsers that get no brotli (plain HTTP on a home
// network). Source maps are left alone.

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|webmanifest|json|txt)$/;
const MIN_BYTES = 1024;

function textFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return textFiles(file);
    return TEXT_FILE.test(entry.name) ? [file] : [];
  });
}

const SHELL_QUALITY = zlib.constants.BROTLI_MAX_QUALITY;
const APP_CHUNK_QUALITY = 6;

/** Writes file.br and file.gz beside each text file of the build. */
export async function precompressDir(dir: string): Promise<void> {
  await Promise.all(
    textFiles(dir).map(async (file) => {
      const data = await fs.promises.readFile(file);
      if (data.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: isAppChunk(path.relative(dir, file).split(path.sep).join('/')) ? APP_CHUNK_QUALITY : SHELL_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      await fs.promises.writeFile(`${file}.br`, br);
      await fs.promises.writeFile(`${file}.gz`, gz);
    }),
  );
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'toy-rotation:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After vite-plugin-pwa has written sw.js (its closeBundle), so the worker is compressed too.
    closeBundle: { order: 'post', sequential: true, handler: () => precompressDir(outDir) },
  };
}
