import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { MediaStore } from './media-store.js';

// Photos in an S3-compatible object store (MEDIA_STORE=s3), so every server instance serves
// every photo. A PUT is atomic in S3: a reader never sees half an object; it replaces what
// was under the id (a photo stored before re-encoding gives way to the clean JPEG).

export type S3Settings = {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

export type S3MediaStore = MediaStore & {
  /** Checks that the bucket exists and the keys are accepted; a readable error naming the variable otherwise. */
  check(): Promise<void>;
  close(): void;
};

/**
 * A store that does not answer must not hold a request for long: the request is answered 503
 * within a second (lib/unavailable.ts) and the device tries again, so the SDK does not retry
 * (its backoff took ~3 s) and gives up on a connection after CONNECT_TIMEOUT_MS. A transfer
 * under way may be slow: only silence for SOCKET_IDLE_MS ends it.
 */
const CONNECT_TIMEOUT_MS = 800;
const SOCKET_IDLE_MS = 5_000;

const PREFIX = 'media/';
const key = (id: string) => `${PREFIX}${id}`;

export function s3MediaStore(settings: S3Settings): S3MediaStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Self-hosted stores (MinIO, Garage, s3rver) answer at endpoint/bucket, not bucket.endpoint.
    forcePathStyle: Boolean(settings.endpoint),
    maxAttempts: 1,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: SOCKET_IDLE_MS },
  });
  const lastModified = async (id: string): Promise<number | null> => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: key(id) }));
      return head.LastModified?.getTime() ?? null;
    } catch (error) {
      if ((error as { name?: string }).name === 'NotFound' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  };
  return {
    async put(id, bytes, mime) {
      await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: key(id), Body: bytes, ContentType: mime }));
    },
    async get(id) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key(id) }));
        return object.Body ? await object.Body.transformToByteArray() : null;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(id, options = {}) {
      if (options.writtenBefore !== undefined) {
        const written = await lastModified(id);
        if (written === null || written >= options.writtenBefore) return;
      }
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key(id) }));
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: PREFIX, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) yield { name: object.Key.slice(PREFIX.length), writtenAt: object.LastModified.getTime() };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
      } catch (error) {
        throw new Error(describeS3Error(error, settings), { cause: error });
      }
    },
    close() {
      client.destroy();
    },
  };
}

/** Which variable is wrong, and why, from a failed HeadBucket. */
function describeS3Error(error: unknown, settings: S3Settings): string {
  const where = settings.endpoint ?? `AWS S3 (${settings.region})`;
  const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
  const name = (error as { name?: string }).name ?? '';
  const code = (error as { code?: string }).code ?? '';
  if (status === 404 || name === 'NotFound' || name === 'NoSuchBucket') {
    return `S3_BUCKET: the bucket "${settings.bucket}" does not exist at ${where}. Create it first.`;
  }
  if (status === 403 || status === 401 || /InvalidAccessKeyId|SignatureDoesNotMatch|Forbidden|AccessDenied/.test(name)) {
    return `S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: ${where} refused the keys for bucket "${settings.bucket}" (${name || status}).`;
  }
  if (/ECONNREFUSED|ENOTFOUND|ETIMEDOUT|EAI_AGAIN|ECONNRESET/.test(`${code} ${name} ${String(error)}`)) {
    return `S3_ENDPOINT: cannot reach ${where} (${code || name}). Is the store running and the address right?`;
  }
  return `S3_ENDPOINT: the store at ${where} answered an error for bucket "${settings.bucket}": ${error instanceof Error ? error.message : String(error)}`;
}
