import type { PlanScope } from '../household/scope.js';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isCleanJpeg } from '../../../shared/export/clean-jpeg.js';
import { IMPORT_LIMITS, ImportFileError, photoIdOf, type ImportProblem } from '../../../shared/export/format.js';
import { importProblem, inEnglish, words } from '../../../shared/export/import-words.js';
import { planImport, type ImportCounts, type ImportTarget } from '../../../shared/export/import-plan.js';
import { sourceFromExport } from '../../../shared/export/import-source.js';
import { planLimits } from '../../../shared/domain/plans.js';
import { DEFAULT_ROTATION_TOYS_NUMBER } from '../../../shared/domain/rotation.js';
import { PRACTICE_DEFAULTS, type ListDoc, type RotationDoc, type SettingsDoc, type SyncTable, type ToyDoc } from '../../../shared/schemas/docs.js';
import type { AppDeps } from '../../context.js';
import { badRequest, HttpError } from '../../lib/http-error.js';
import { MAX_IMAGE_BYTES, readImageSize } from '../media/image-check.js';
import { SERVED_MAX_HEIGHT, SERVED_MAX_WIDTH } from '../media/reencode.js';
import { checkUpload, mediaId, readMedia, recordMedia, writeMediaFile, type CheckedImage } from '../media/media-store.js';
import { QUOTAS } from '../quotas/quotas.js';
import { applyChange } from '../replicated/apply.js';
import { replicatedTransaction } from '../replicated/transaction.js';
import type { Reservation } from './import-budget.js';
import { readZipStream } from './import-stream.js';
import { ownerDocs, ownerIds } from './owner-docs.js';

/** The largest zip POST /api/private/import reads: the same as the app's import, so any export the app makes fits. */
export const IMPORT_MAX_BODY_BYTES = IMPORT_LIMITS.zipBytes;

export type ImportResult = { msg: string; counts: ImportCounts; settingsChanges: string[]; warnings: string[] };

/** A refused import: the house error, and every problem with its place (HttpError carries the message). */
class ImportRefused extends HttpError {
  constructor(readonly problems: ImportProblem[]) {
    const first = problems.slice(0, 3).map((p) => `${p.where}: ${p.reason}`).join(' ');
    super(400, `Nothing was imported. ${first}${problems.length > 3 ? ` (and ${problems.length - 3} more problems)` : ''}`);
  }
}

/**
 * POST /api/private/import: a zip made by export, into the owner's data. Every photo is checked
 * like an upload (media-store.ts) and, as for an upload, its id is the hash of its bytes; the
 * one exception is a photo whose bytes are what this server stores under the id it is named by
 * (an export from this server: the stored copy is the re-encoded one). So that a round trip is
 * byte-identical, a photo is kept byte for byte when it is that stored copy, or when it hashes
 * to the id it is named by and is a clean JPEG within the served size (clean-jpeg.ts: what the
 * app's shrinking makes, e.g. an export made in the app); any other is re-encoded.
 * All-or-nothing: any problem refuses the whole import (400) before a row is written, and the
 * rows are written in one transaction under the same per-account caps as sync pushes.
 */
export async function importArchive(
  deps: AppDeps,
  owner: PlanScope & { actorId?: string },
  body: ReadableStream<Uint8Array>,
  reservation: Reservation,
): Promise<ImportResult> {
  const spill = await fs.mkdtemp(path.join(os.tmpdir(), 'toy-rotation-import-'));
  try {
    return await importFrom(deps, owner, body, reservation, spill);
  } finally {
    await fs.rm(spill, { recursive: true, force: true });
  }
}

/** A photo of the zip, checked: where its clean bytes wait on disk, or why it was refused. */
type CheckedPhoto = { id: string; info: CheckedImage['info']; file: string } | { problem: string };

async function importFrom(
  deps: AppDeps,
  owner: PlanScope & { actorId?: string },
  body: ReadableStream<Uint8Array>,
  reservation: Reservation,
  spill: string,
): Promise<ImportResult> {
  const ownerId = owner.id;
  // Photos are checked as they arrive (decoding is slow, so outside the transaction) and wait
  // on disk, never in memory; nothing is stored before every check has passed.
  const checked = new Map<string, CheckedPhoto>();
  let source;
  try {
    const texts = await readZipStream(body, {
      reservation,
      maxPhotoBytes: MAX_IMAGE_BYTES,
      onPhoto: async ({ name, bytes }) => {
        try {
          const image = await checkedPhoto(deps, photoIdOf(name), bytes);
          const file = path.join(spill, String(checked.size));
          await fs.writeFile(file, image.bytes);
          checked.set(name, { id: image.id, info: image.info, file });
        } catch (error) {
          if (!(error instanceof HttpError) || error.status !== 400) throw error;
          checked.set(name, { problem: error.message });
        }
      },
    });
    // The photos' bytes are on disk: the source only needs to know which are there.
    const files = new Map(texts);
    for (const name of checked.keys()) files.set(name, new Uint8Array(0));
    source = sourceFromExport(files);
  } catch (error) {
    if (error instanceof ImportFileError) throw badRequest(error.message);
    throw error;
  }

  // Only the photos the toys name count (a stray file in the zip refuses nothing).
  const problems: ImportProblem[] = [];
  const photoIds = new Map<string, string>();
  const images = new Map<string, { id: string; info: CheckedImage['info']; file: string }>();
  for (const file of source.photos.keys()) {
    const photo = checked.get(file);
    if (!photo) continue;
    if ('problem' in photo) problems.push(importProblem(null, words('placeFile', { file }), words('invalid', { detail: photo.problem })));
    else {
      photoIds.set(file, photo.id);
      images.set(photo.id, photo);
    }
  }
  if (problems.length > 0) throw new ImportRefused(problems);

  // The caps of every table the import changed (decision 010): over one, nothing is imported.
  const result = await replicatedTransaction(deps, ownerId, { quotas: 'changed' }, async (scope) => {
    const { trx } = scope;
    // Stored as the import plan composed them (checked, ids and references mapped).
    const asGiven = (isNew: boolean) => ({ mode: 'as-given', isNew } as const);
    const docs = await ownerDocs(trx, ownerId, owner.plan);
    const limits = planLimits(owner.plan);
    const current = (docs.settings[0] as unknown as SettingsDoc | undefined) ?? null;
    const target: ImportTarget = {
      lists: docs.lists as unknown as ListDoc[],
      toys: docs.toys as unknown as ToyDoc[],
      rotations: docs.rotations as unknown as RotationDoc[],
      settings: current ?? { id: ownerId, rotationToysNumber: DEFAULT_ROTATION_TOYS_NUMBER, lastRotationDate: null, tipsDismissed: false, plan: owner.plan === 'paid' ? 'paid' : 'free', ...limits, ...PRACTICE_DEFAULTS.settings },
      takenIds: await ownerIds(trx, ownerId),
      plan: owner.plan === 'paid' ? 'paid' : 'free',
      ...limits,
      categoriesLimit: QUOTAS.categories,
    };
    const plan = planImport(source, photoIds, target, () => randomUUID());
    if (plan.problems.length > 0) throw new ImportRefused(plan.problems);

    const usedPhotos = new Set(plan.toys.map((toy) => toy.doc.mediaId).filter(Boolean));
    for (const photo of images.values()) {
      if (!usedPhotos.has(photo.id)) continue;
      // One photo's bytes in memory at a time, read back from where they waited.
      const image: CheckedImage = { id: photo.id, info: photo.info, bytes: new Uint8Array(await fs.readFile(photo.file)) };
      await writeMediaFile(deps.media, image); // idempotent; harmless if the transaction then fails
      await recordMedia(trx, ownerId, image, deps.now());
    }
    for (const list of plan.lists) await applyChange(scope, 'lists', { ...list, _deleted: false }, asGiven(true));
    for (const { doc, isNew } of plan.toys) {
      // Who did what (issue 13): the person importing, like any other write.
      const who = owner.actorId ? { ...(isNew ? { createdBy: owner.actorId } : {}), updatedBy: owner.actorId } : {};
      await applyChange(scope, 'toys', { ...doc, ...who, _deleted: false }, asGiven(isNew));
    }
    for (const rotation of plan.rotations) await applyChange(scope, 'rotations', { ...rotation, _deleted: false }, asGiven(true));
    if (plan.settings) await applyChange(scope, 'settings', { ...target.settings, ...plan.settings, _deleted: false }, asGiven(!current));
    for (const [name, list] of Object.entries(plan.others) as [SyncTable, Record<string, unknown>[]][]) {
      for (const doc of list) await applyChange(scope, name, { ...doc, _deleted: false }, asGiven(true));
    }
    return plan;
  });
  const c = result.counts;
  return {
    msg: `Imported: ${c.toysAdded} toys added, ${c.toysUpdated} updated, ${c.toysUnchanged} unchanged, ${c.toysAlreadyThere} already there.`,
    counts: c,
    // The API answers in English (decision 056); the app words the plan itself.
    settingsChanges: result.settingsChanges.map(inEnglish),
    warnings: result.warnings.map(inEnglish),
  };
}

/**
 * One imported photo, checked (a 400 HttpError when it is not an acceptable image), with the
 * id and bytes it is stored under: see importArchive.
 */
async function checkedPhoto(deps: AppDeps, named: string | null, data: Uint8Array): Promise<CheckedImage> {
  const stored = named ? await readMedia(deps, named) : null;
  // This server's copy of the photo: the same bytes, or the photo it was made from.
  if (named && stored && (Buffer.from(stored.bytes).equals(Buffer.from(data)) || mediaId(data) === named)) {
    const info = readImageSize(stored.bytes);
    return { id: named, bytes: stored.bytes, info: typeof info === 'object' ? info : { mime: 'image/jpeg', width: 0, height: 0 } };
  }
  const image = await checkUpload(data); // decodes it: a damaged or disguised file is refused here
  const size = readImageSize(data);
  const asMade =
    typeof size === 'object' && size.mime === 'image/jpeg' && size.width <= SERVED_MAX_WIDTH && size.height <= SERVED_MAX_HEIGHT && isCleanJpeg(data);
  // checkUpload names the photo by the hash of `data`: kept as is only under the id it was exported as.
  return asMade && image.id === named ? { id: image.id, bytes: data, info: size } : image;
}
