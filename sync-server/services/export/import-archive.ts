import type { PlanScope } from '../household/scope.js';
import { randomUUID } from 'node:crypto';
import { isCleanJpeg } from '../../../shared/export/clean-jpeg.js';
import { IMPORT_LIMITS, ImportFileError, photoIdOf, type ImportProblem } from '../../../shared/export/format.js';
import { planImport, type ImportCounts, type ImportTarget } from '../../../shared/export/import-plan.js';
import { sourceFromExport } from '../../../shared/export/import-source.js';
import { readZip } from '../../../shared/export/zip.js';
import { planLimits } from '../../../shared/domain/plans.js';
import { DEFAULT_ROTATION_TOYS_NUMBER } from '../../../shared/domain/rotation.js';
import { PRACTICE_DEFAULTS, type ListDoc, type RotationDoc, type SettingsDoc, type SyncTable, type ToyDoc } from '../../../shared/schemas/docs.js';
import type { AppDeps } from '../../context.js';
import type { ReplicatedTable } from '../../db/schema.js';
import { badRequest, HttpError } from '../../lib/http-error.js';
import { readImageSize } from '../media/image-check.js';
import { SERVED_MAX_HEIGHT, SERVED_MAX_WIDTH } from '../media/reencode.js';
import { checkUpload, mediaId, readMedia, recordMedia, writeMediaFile, type CheckedImage } from '../media/media-store.js';
import { enforceQuotasAfterWrite, QUOTAS } from '../quotas/quotas.js';
import { insertDoc, writeDoc } from '../sync/stored-docs.js';
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
export async function importArchive(deps: AppDeps, owner: PlanScope & { actorId?: string }, bytes: Uint8Array): Promise<ImportResult> {
  const ownerId = owner.id;
  let source;
  try {
    source = sourceFromExport(readZip(bytes));
  } catch (error) {
    if (error instanceof ImportFileError) throw badRequest(error.message);
    throw error;
  }

  // Photos first (outside the transaction: decoding is slow): checked, nothing stored yet.
  const problems: ImportProblem[] = [];
  const photoIds = new Map<string, string>();
  const images: CheckedImage[] = [];
  for (const [file, data] of source.photos) {
    try {
      const image = await checkedPhoto(deps, photoIdOf(file), data);
      photoIds.set(file, image.id);
      images.push(image);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 400) throw error;
      problems.push({ row: null, where: file, reason: error.message });
    }
  }
  if (problems.length > 0) throw new ImportRefused(problems);

  const changed = new Set<ReplicatedTable>();
  const result = await deps.db.transaction().execute(async (trx) => {
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
    for (const image of images) {
      if (!usedPhotos.has(image.id)) continue;
      await writeMediaFile(deps.media, image); // idempotent; harmless if the transaction then fails
      await recordMedia(trx, ownerId, image, deps.now());
    }
    for (const list of plan.lists) await insertDoc(trx, ownerId, 'lists', list);
    for (const { doc, isNew } of plan.toys) {
      // Who did what (issue 13): the person importing, like any other write.
      const who = owner.actorId ? { ...(isNew ? { createdBy: owner.actorId } : {}), updatedBy: owner.actorId } : {};
      await writeDoc(trx, ownerId, 'toys', { ...doc, ...who, _deleted: false }, isNew);
    }
    for (const rotation of plan.rotations) await insertDoc(trx, ownerId, 'rotations', rotation);
    if (plan.settings) await writeDoc(trx, ownerId, 'settings', { ...target.settings, ...plan.settings, _deleted: false }, !current);
    for (const [name, list] of Object.entries(plan.others) as [SyncTable, Record<string, unknown>[]][]) {
      for (const doc of list) await writeDoc(trx, ownerId, name, { ...doc, _deleted: false }, true);
    }
    if (plan.lists.length > 0) changed.add('lists');
    if (plan.toys.length > 0) changed.add('toys');
    if (plan.rotations.length > 0) changed.add('rotations');
    if (plan.settings) changed.add('settings');
    await enforceQuotasAfterWrite(trx, ownerId, [...changed]);
    return plan;
  });
  if (changed.size > 0) deps.feed.publish(ownerId, [...changed]);
  const c = result.counts;
  return {
    msg: `Imported: ${c.toysAdded} toys added, ${c.toysUpdated} updated, ${c.toysAlreadyThere} already there.`,
    counts: c,
    settingsChanges: result.settingsChanges,
    warnings: result.warnings,
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
