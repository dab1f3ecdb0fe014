import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { mediaFilePath, type MediaStore, type StoredName } from './media-store.js';

/**
 * The disk store (DATA_DIR/media/<first two hex>/<sha256 hex>, the default): temp file +
 * rename, so a reader never sees half a file. A put replaces what is there: a file stored
 * before photos were re-encoded must give way to the clean JPEG (decision 010).
 */
export function diskMediaStore(dataDir: string): MediaStore {
  const root = path.join(dataDir, 'media');
  return {
    async put(id, bytes) {
      const target = mediaFilePath(dataDir, id);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.writeFile(temp, bytes);
        await fs.rename(temp, target);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
    },
    async get(id) {
      try {
        return new Uint8Array(await fs.readFile(mediaFilePath(dataDir, id)));
      } catch {
        return null;
      }
    },
    async delete(name, options = {}) {
      const file = mediaFilePath(dataDir, name);
      if (options.writtenBefore !== undefined) {
        const written = await writtenAt(file);
        if (written === null || written >= options.writtenBefore) return;
      }
      await fs.rm(file, { force: true });
    },
    async check() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, constants.R_OK | constants.W_OK);
    },
    async *list() {
      for (const dir of await names(root)) {
        for (const name of await names(path.join(root, dir))) {
          const written = await writtenAt(path.join(root, dir, name));
          if (written !== null) yield { name, writtenAt: written } satisfies StoredName;
        }
      }
    },
  };
}

async function names(dir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dir)).sort();
  } catch {
    return [];
  }
}

async function writtenAt(file: string): Promise<number | null> {
  try {
    const stat = await fs.stat(file);
    return stat.isFile() ? stat.mtimeMs : null;
  } catch {
    return null;
  }
}
