import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { buildInputsHash, STAMP_FILE } from './build-inputs.js';

/**
 * Writes the hash of the client build's inputs (scripts/build-inputs.js) as they were when the
 * build started into the output, once the build succeeded (last of all: an interrupted build
 * leaves no stamp and is redone).
 */
export function buildStamp(): Plugin {
  let hash = '';
  let outDir = '';
  return {
    name: 'toy-rotation:build-stamp',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      hash = buildInputsHash(path.resolve(import.meta.dirname, '..'), config.mode);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler(error?: Error) {
        if (!error) fs.writeFileSync(path.join(outDir, STAMP_FILE), `${hash}\n`);
      },
    },
  };
}
