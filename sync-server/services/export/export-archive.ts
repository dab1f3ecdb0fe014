import type { PlanScope } from '../household/scope.js';
import { toysCsv } from '../../../shared/export/csv.js';
import { EXPORT_CSV_NAME, EXPORT_JSON_NAME, exportJson, photoPath, photosOfToys } from '../../../shared/export/format.js';
import { zipWriter } from '../../../shared/export/zip.js';
import type { ListDoc, ToyDoc } from '../../../shared/schemas/docs.js';
import type { AppDeps } from '../../context.js';
import { readMedia } from '../media/media-store.js';
import { ownerDocs } from './owner-docs.js';

/**
 * GET /api/private/export: the same zip the app makes on the device (shared/export), as a
 * stream. The documents are small and read at once; photos are read one at a time as the
 * reader pulls, so memory stays bounded by one photo however many there are. A photo whose
 * file cannot be found is left out and listed in the JSON's missingPhotos with its toys (the
 * JSON comes last in the zip for that).
 */
export async function exportArchive(deps: Pick<AppDeps, 'db' | 'media' | 'now'>, owner: PlanScope): Promise<ReadableStream<Uint8Array>> {
  // Its missingPhotos are filled in as the photos are read; it is written after them.
  const json = exportJson(await ownerDocs(deps.db, owner.id, owner.plan), deps.now());
  const toys = json.collections.toys as unknown as ToyDoc[];
  const photos = [...photosOfToys(toys)].sort(([a], [b]) => a.localeCompare(b));

  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let chunks = 0;
  const writer = zipWriter((chunk, final) => {
    chunks++;
    controller.enqueue(chunk);
    if (final) controller.close();
  });
  const steps: Array<() => Promise<void> | void> = [
    () => writer.addText(EXPORT_CSV_NAME, toysCsv(toys, json.collections.lists as unknown as ListDoc[])),
    ...photos.map(([id, titles]) => async () => {
      const photo = await readMedia(deps, id); // the re-encoded file, never one stored before re-encoding
      if (photo) writer.addBinary(photoPath(id), photo.bytes);
      else json.missingPhotos.push({ mediaId: id, toys: titles });
    }),
    () => writer.addText(EXPORT_JSON_NAME, JSON.stringify(json, null, 2)),
    () => writer.end(),
  ];
  return new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    // One photo per pull: the next is read only when the last one has been taken. A step that
    // wrote nothing (a photo not stored, e.g. still uploading) must not end the pull empty:
    // the stream would then never ask again and the download would hang.
    async pull() {
      const before = chunks;
      while (chunks === before) {
        const step = steps.shift();
        if (!step) return;
        await step();
      }
    },
  });
}

/** The download's file name: toy-rotation-export-2026-11-24.zip. */
export function exportFileName(now: number): string {
  return `toy-rotation-export-${new Date(now).toISOString().slice(0, 10)}.zip`;
}
