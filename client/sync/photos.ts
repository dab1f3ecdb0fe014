import Dexie, { type Table } from 'dexie';

// Photos live in a small per-user Dexie database, apart from RxDB: a toy made offline shows
// its photo offline, and the upload queue survives reloads. Bytes are kept as an
// ArrayBuffer (not a Blob) because some IndexedDB implementations store Blobs poorly.

type PhotoStatus = 'pending' | 'uploaded' | 'failed';

export type PhotoRow = {
  /** The lower-case hex SHA-256 of the bytes: the media id, so an upload is idempotent. */
  id: string;
  bytes: ArrayBuffer;
  type: string;
  createdAt: number;
  status: PhotoStatus;
  /** Why the server refused it (a readable message), for status 'failed'. */
  error?: string;
};

export class PhotoStore extends Dexie {
  photos!: Table<PhotoRow, string>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({ photos: 'id, status, createdAt' });
  }
}

function mediaDatabaseName(userId: string): string {
  return `toyrotation-media-${userId}`;
}

const stores = new Map<string, PhotoStore>();

export function photoStore(userId: string): PhotoStore {
  let store = stores.get(userId);
  if (!store) {
    store = new PhotoStore(mediaDatabaseName(userId));
    stores.set(userId, store);
  }
  return store;
}

export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Keeps the (already shrunk) photo locally and queues its upload. Returns the media id. */
export async function savePhoto(userId: string, blob: Blob): Promise<string> {
  const bytes = await blob.arrayBuffer();
  const id = await sha256Hex(bytes);
  const store = photoStore(userId);
  await store.transaction('rw', store.photos, async () => {
    const existing = await store.photos.get(id);
    if (existing && existing.status !== 'failed') return; // same bytes: one upload only
    await store.photos.put({ id, bytes, type: blob.type || 'image/jpeg', createdAt: Date.now(), status: 'pending' });
  });
  return id;
}

export async function localPhoto(userId: string, mediaId: string): Promise<Blob | null> {
  const row = await photoStore(userId).photos.get(mediaId);
  return row ? new Blob([row.bytes], { type: row.type }) : null;
}

export async function pendingPhotos(userId: string): Promise<PhotoRow[]> {
  return photoStore(userId).photos.where('status').equals('pending').sortBy('createdAt');
}

/** Logout and account deletion remove the user's photo cache with their database. */
export async function deleteMediaCache(userId: string): Promise<void> {
  const store = stores.get(userId) ?? new PhotoStore(mediaDatabaseName(userId));
  stores.delete(userId);
  await store.delete(); // closes it and deletes the IndexedDB database
}
