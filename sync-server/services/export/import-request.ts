import type { AppDeps } from '../../context.js';
import { HttpError } from '../../lib/http-error.js';
import type { PlanScope } from '../household/scope.js';
import { IMPORT_MAX_BODY_BYTES, importArchive, type ImportResult } from './import-archive.js';
import type { ImportGate } from './import-gate.js';
import { limitedBody } from './import-stream.js';

const tooLarge = () => new HttpError(413, `The zip file is too large (${IMPORT_MAX_BODY_BYTES / 1024 / 1024} MB at most).`, { Connection: 'close' });

const outcomeOf = (error: unknown) => {
  const status = error instanceof HttpError ? error.status : 500;
  if (status === 429 || status === 503) return 'busy';
  return status < 500 ? 'refused' : 'failed';
};

/**
 * POST /api/private/import: through the gate (one per household, within the server's memory
 * budget: before the body is read), then the body streamed into the import, counted in the
 * metrics by outcome.
 */
export async function importFromRequest(deps: AppDeps, gate: ImportGate, owner: PlanScope, request: Request): Promise<ImportResult> {
  if (Number(request.headers.get('content-length') ?? 0) > IMPORT_MAX_BODY_BYTES) throw tooLarge();
  const { imports } = deps.metrics;
  let entry;
  try {
    entry = gate.enter(owner.id);
  } catch (error) {
    imports.inc({ outcome: outcomeOf(error) });
    throw error;
  }
  try {
    const result = await importArchive(deps, owner, limitedBody(request.body ?? new ReadableStream(), IMPORT_MAX_BODY_BYTES, tooLarge), entry.reservation);
    imports.inc({ outcome: 'imported' });
    return result;
  } catch (error) {
    imports.inc({ outcome: outcomeOf(error) });
    throw error;
  } finally {
    entry.leave();
  }
}
