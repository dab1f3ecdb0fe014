import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, SQLITE_FILE, type DB } from '../database.js';
import { EnvError, readEnv } from '../../env.js';
import { createMediaStore } from '../../services/media/create-media-store.js';
import { diskMediaStore } from '../../services/media/disk-media-store.js';
import { copyDatabase, copyMedia } from './copy-database.js';

// npm run db:copy -- --from ./data --to postgres://user@host/toys
// Stop the server first: rows written to SQLite during the copy would not be carried over.
// With MEDIA_STORE=s3 and the S3_* settings in the environment, the photos go to the bucket too.

const USAGE = 'usage: npm run db:copy -- --from <SQLite data dir> --to <postgres:// URL of an empty database>';

async function main(): Promise<number> {
  let from: string | undefined;
  let to: string | undefined;
  try {
    ({ values: { from, to } } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (!from || !to) {
    console.error(USAGE);
    return 2;
  }
  if (!/^postgres(ql)?:\/\//.test(to)) {
    console.error(`--to must start with postgres:// or postgresql://\n${USAGE}`);
    return 2;
  }
  const dataDir = path.resolve(from);
  if (!fs.existsSync(path.join(dataDir, SQLITE_FILE))) {
    console.error(`--from: ${dataDir} holds no ${SQLITE_FILE} (give the server's DATA_DIR)`);
    return 2;
  }
  let source: DB | undefined;
  let target: DB | undefined;
  try {
    source = await openDatabase({ dataDir });
    target = await openDatabase({ dataDir, databaseUrl: to });
    const env = readEnv({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: undefined });
    const bucket = env.MEDIA_STORE === 's3' ? await createMediaStore(env) : null;
    const report = await copyDatabase(source, target);
    for (const { table, rows } of report) console.log(`${table}: ${rows} rows`);
    if (bucket) {
      const photos = await copyMedia(source, diskMediaStore(dataDir), bucket);
      bucket.close();
      console.log(`photos: ${photos.copied} copied to bucket ${env.S3_BUCKET}`);
      if (photos.missing.length > 0) console.log(`photos missing from ${path.join(dataDir, 'media')}: ${photos.missing.join(', ')}`);
    }
    console.log(
      `copied ${dataDir} to PostgreSQL; start the servers with DATABASE_URL set` +
        (bucket ? ' and the same MEDIA_STORE=s3 settings' : ` (photos stay in ${path.join(dataDir, 'media')}: set MEDIA_STORE=s3 and S3_* to copy them to a bucket)`),
    );
    return 0;
  } catch (error) {
    const message = error instanceof EnvError ? error.message : error instanceof Error ? error.message : String(error);
    console.error(`db:copy failed: ${message}`);
    return 1;
  } finally {
    await source?.destroy();
    await target?.destroy();
  }
}

process.exitCode = await main();
