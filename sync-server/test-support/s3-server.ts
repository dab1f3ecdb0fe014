import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type TestS3 = {
  endpoint: string;
  bucket: string;
  /** The env of MEDIA_STORE=s3 for this store (s3rver's own keys). */
  env: Record<string, string>;
  /** The store goes away (its port refuses connections), keeping its objects... */
  stop(): Promise<void>;
  /** ...and comes back on the same port with them. */
  restart(): Promise<void>;
  close(): Promise<void>;
};

/** A real S3-compatible server (s3rver) on a free loopback port, with one empty bucket. */
export async function startTestS3(bucket = 'toy-photos'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'toy-rotation-s3-'));
  const open = async (port: number) => {
    const s3 = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
    return { s3, port: ((await s3.run()) as AddressInfo).port };
  };
  let { s3: server, port } = await open(0);
  let running = true;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      MEDIA_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async stop() {
      if (running) await server.close();
      running = false;
    },
    async restart() {
      if (!running) ({ s3: server, port } = await open(port));
      running = true;
    },
    async close() {
      if (running) await server.close();
      running = false;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
