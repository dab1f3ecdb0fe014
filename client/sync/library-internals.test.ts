import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

// Sync may use RxDB and Dexie through their public, documented APIs only (decision 032).
// RxDB's replication internals (its meta storage and the rows in it, its internal replication
// state) are not among them: an upgrade can change them without notice. The uses that remain
// from before decision 032 went with the owned sync engine (decision 054): none may come back.

const INTERNALS = /getAssumedMasterState|getMetaWriteRow|internalReplicationState|metaInstance|metaInfoPromise|RxStorageReplicationMeta|isCheckpoint|getComposedPrimaryKeyOfDocumentData/g;

const root = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('library internals in the product code', () => {
  test('no use of RxDB replication internals anywhere in the product code', () => {
    const found: Record<string, number> = {};
    for (const file of [...sources(join(root, 'client')), ...sources(join(root, 'shared'))]) {
      const uses = readFileSync(file, 'utf8').match(INTERNALS)?.length ?? 0;
      if (uses > 0) found[relative(root, file)] = uses;
    }
    expect(found).toEqual({});
  });

  test('the protocol core and its field rules use no library at all', () => {
    for (const file of ['client/sync/protocol.ts', 'client/sync/protocol-fields.ts']) {
      const imports = [...readFileSync(join(root, file), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      expect(imports.every((path) => path!.startsWith('./'))).toBe(true);
    }
  });
});
