import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

// Build-time only (vite.config.ts): after the bundle and the service worker are written, every
// text file of dist/ gets a brotli (.br) and a gzip (.gz) copy at maximum compression, which the
// server sends as they are (sync-server/lib/static-client.ts). Source maps are left alone.

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

/** Writes file.br and file.gz beside each text file of the build. */
export async function precompressDir(dir: string): Promise<void> {
  await Promise.all(
    textFiles(dir).map(async (file) => {
      const data = await fs.promises.readFile(file);
      if (data.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
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
