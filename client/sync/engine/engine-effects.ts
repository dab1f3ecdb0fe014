import { SYNC_MAX_BATCH, type SyncCheckpoint } from '../../../shared/schemas/sync.js';
import { ServerError } from '../http.js';
import { sameValue, type Doc } from '../protocol-fields.js';
import { step, type Effect, type Event } from '../protocol.js';
import { loadedState, storedRecord, storedTable, type EngineState } from './engine-state.js';
import type { Runner } from './engine-runner.js';
import { readAll, readSome, writeOver } from './local-docs.js';
import { oldBases } from './old-bases.js';
import { pullPage, sendPush } from './requests.js';
import type { Input, TableEngineOptions } from './engine-types.js';

// What the engine does with each event: the core's step (protocol.ts), then its effects, the
// I/O at the edge: records and collection writes in turn, requests in the background.

export async function handle(self: Runner, input: Input): Promise<void> {
  if (input.type === 'load') {
    const options = self.options;
    const [locals, records] = await Promise.all([readAll(options.collection), options.records.load(options.name)]);
    if (!records.fresh) {
      self.state = loadedState(locals, records.docs, records.table);
    } else {
      const migrated = await oldBases(options.collection.database.name, options.name);
      self.state = loadedState(locals, migrated, records.table);
      await options.records.save(options.name, [...migrated], storedTable(self.state));
    }
    await madeFromDefaults(self, [...locals.values()]);
    return;
  }
  if (!self.state) return;
  if (input.type === 'changed') {
    const docs = await readSome(self.options.collection, input.ids);
    const edited = [...docs.values()].filter((doc) => !sameValue(doc, self.state!.docs[String(doc.id)]?.local));
    await madeFromDefaults(self, edited);
    if (edited.length > 0) await apply(self, { type: 'edit', docs: edited });
    return;
  }
  await apply(self, input);
}

/** Documents made from defaults that stand for the server's state not pulled yet take them as their base (decision 053). */
async function madeFromDefaults(self: Runner, docs: Doc[]): Promise<void> {
  const madeFrom = self.options.madeFrom;
  if (!madeFrom || !self.state) return;
  const next = { ...self.state.docs };
  const ids: string[] = [];
  for (const doc of docs) {
    const id = String(doc.id);
    const defaults = next[id]?.base || next[id]?.sent ? undefined : madeFrom(doc);
    if (!defaults) continue;
    next[id] = { ...next[id], base: { ...defaults, _deleted: false } };
    ids.push(id);
  }
  if (ids.length === 0) return;
  self.state = { ...self.state, docs: next };
  await self.options.records.save(self.options.name, ids.map((id) => [id, storedRecord(next[id])]), storedTable(self.state));
}

async function apply(self: Runner, event: Event<SyncCheckpoint>): Promise<void> {
  const before = self.state!;
  const { state, effects } = step(before, event);
  self.state = state;
  for (const effect of effects) await perform(self, effect, before, event.type === 'edit');
}

async function perform(self: Runner, effect: Effect<SyncCheckpoint>, before: EngineState, fromEdit: boolean): Promise<void> {
  const options = self.options;
  const state = self.state!;
  switch (effect.type) {
    case 'record': {
      // The document first, then its record: a crash between leaves a document that differs
      // from its base, which is pushed again, never one whose edit is taken for agreed.
      if (!fromEdit) {
        const writes = effect.ids.flatMap((id) => {
          const to = state.docs[id]?.local;
          const from = before.docs[id]?.local;
          return to && !sameValue(to, from) ? [{ id, from, to }] : [];
        });
        if (writes.length > 0) await writeOver(options.collection, writes);
      }
      // Only what changed: a local edit changes no record (the document is the collection's).
      const changed = effect.ids.filter((id) => !sameValue(storedRecord(state.docs[id]), storedRecord(before.docs[id])));
      if (changed.length === 0 && sameValue(storedTable(state), storedTable(before))) return;
      await options.records.save(options.name, changed.map((id) => [id, storedRecord(state.docs[id])]), storedTable(state));
      return;
    }
    case 'send':
      return sendInBackground(self, options, effect.request, effect.rows);
    case 'fetch':
      return fetchInBackground(self, options, effect.request, effect.from);
    case 'give-back':
      return giveBackInBackground(self, options);
    case 'push-due':
      return self.schedulePush();
    case 'pull-due':
      return self.enqueue({ type: 'pull' });
  }
}

/** Requests run beside the queue; their answers join it as events. */
function background(self: Runner, task: () => Promise<void>): void {
  self.track(+1);
  void task().finally(() => self.track(-1));
}

function sendInBackground(self: Runner, options: TableEngineOptions, request: number, rows: Parameters<typeof sendPush>[2]): void {
  const pulledTo = options.pulledTo?.() ?? self.state!.checkpoint;
  background(self, async () => {
    try {
      await options.beforePush?.(rows.map((row) => row.newDocumentState));
      const answer = await sendPush(options.http, options.name, rows, pulledTo, options.batchSize);
      options.onSuccess();
      if (answer.notice) options.onNotice(answer.notice);
      self.enqueue({ type: 'push-answered', request, conflicts: answer.conflicts });
    } catch (error) {
      self.enqueue({ type: 'push-failed', request });
      self.failed(error);
      // 409: the server went back in time since the last pull; the pull says so (reset).
      if (error instanceof ServerError && error.status === 409) {
        self.enqueue({ type: 'pull' });
        options.onRefused?.();
      }
    }
  });
}

function fetchInBackground(self: Runner, options: TableEngineOptions, request: number, from: SyncCheckpoint | null): void {
  background(self, async () => {
    try {
      const pageSize = options.pullBatchSize ?? SYNC_MAX_BATCH;
      const body = await pullPage(options.http, options.name, from, pageSize);
      options.onSuccess();
      if (body.reset) {
        self.restoredFrom = body.reset.restoredFrom;
        self.givingBack = true;
        self.enqueue({ type: 'server-restored', request });
        return;
      }
      self.enqueue({ type: 'pulled', request, documents: body.documents, checkpoint: body.checkpoint });
      // A push whose answer was lost (a reload, a failed request) goes again once pulled.
      self.schedulePush();
      // A full page: the server has more.
      if (body.documents.length >= pageSize) self.enqueue({ type: 'pull' });
    } catch (error) {
      self.enqueue({ type: 'pull-failed', request });
      self.failed(error);
    }
  });
}

function giveBackInBackground(self: Runner, options: TableEngineOptions): void {
  background(self, async () => {
    try {
      const sent = await options.reconvergence.giveBack(self.restoredFrom);
      self.givingBack = false;
      self.enqueue({ type: 'given-back', sent: sent.get(options.name) ?? [] });
    } catch (error) {
      self.givingBack = false;
      self.failed(error);
    }
  });
}
