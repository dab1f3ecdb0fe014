import { composedBase, rebase, sameValue, type Doc } from './protocol-fields.js';

// The sync protocol of one table as plain functions (state, event) -> (state, effects): what to
// push, what a pull does to a pending edit, what an acknowledgement records, what a server
// restore does. No I/O and no timers: the engine around it stores the records, sends the
// requests and feeds the answers back in as events (docs/decisions/032-owned-sync-core.md).
// protocol.exhaustive.test.ts runs every interleaving of two devices through it.

/** What the device keeps per document, persistently. */
type DocRecord = {
  /** What the device shows (undefined: never held). */
  local?: Doc;
  /** The last state agreed with the server: pulled, or pushed and acknowledged. */
  base?: Doc;
  /**
   * A push of this document not answered yet: the state sent and the base it was sent on.
   * `request` is the push on its way; null when its answer was lost (a failed request, a
   * reload), so the server may or may not hold it.
   */
  sent?: { doc: Doc; base?: Doc; request: number | null };
  /** A pull brought this document while its push was unanswered: pull it again once answered. */
  repull?: true;
  /**
   * Its push was answered while this pull was on its way: that pull may carry the state from
   * before the push, older than the base just recorded, so it leaves the document alone too.
   */
  answeredDuringPull?: number;
};

export type TableState<C> = {
  docs: Readonly<Record<string, DocRecord>>;
  checkpoint: C | null;
  /** Pulls skipped documents with unanswered pushes: the next pull starts here again. */
  rewind: { from: C | null } | null;
  // In memory only (a reload forgets them, see `reload`):
  pushing: number | null;
  /** `again`: a pull was asked for while this one ran (a change announced meanwhile may be newer than its answer). */
  pulling: { request: number; from: C | null; rewound: boolean; again?: true } | null;
  /** A pull answered since this load: it tells whether the server went back in time. */
  pulledOnce: boolean;
  nextRequest: number;
};

export type PushRow = { newDocumentState: Doc; assumedMasterState?: Doc };

export type Effect<C> =
  | { type: 'record'; ids: string[] }
  | { type: 'send'; request: number; rows: PushRow[] }
  | { type: 'fetch'; request: number; from: C | null }
  | { type: 'give-back' }
  | { type: 'push-due' }
  | { type: 'pull-due' };

export type Event<C> =
  | { type: 'edit'; docs: Doc[] }
  | { type: 'push' }
  | { type: 'push-answered'; request: number; conflicts: Doc[] }
  | { type: 'push-failed'; request: number }
  | { type: 'pull' }
  | { type: 'pulled'; request: number; documents: Doc[]; checkpoint: C | null }
  | { type: 'pull-failed'; request: number }
  | { type: 'server-restored'; request: number }
  /** `sent`: every document state the give-back sent, in the order sent (one may go twice). */
  | { type: 'given-back'; sent: Doc[] }
  | { type: 'reload' };

export type Step<C> = { state: TableState<C>; effects: Effect<C>[] };

export function initialTable<C>(): TableState<C> {
  return { docs: {}, checkpoint: null, rewind: null, pushing: null, pulling: null, pulledOnce: false, nextRequest: 1 };
}

/** A local change waits to be pushed (or its push to be answered). */
export function waiting(record: DocRecord): boolean {
  return !!record.sent || (!!record.local && !sameValue(record.local, record.base));
}

/**
 * Nothing waits, no pull will be repeated and none is running: the device holds every change
 * the server had when its last pull was answered. (Shown as Synced once the digest agrees.)
 */
export function settled<C>(state: TableState<C>): boolean {
  return state.pulledOnce && !state.rewind && !state.pulling && state.pushing === null && !Object.values(state.docs).some(waiting);
}

export function step<C>(state: TableState<C>, event: Event<C>): Step<C> {
  switch (event.type) {
    case 'edit':
      return edited(state, event.docs);
    case 'push':
      return pushStart(state);
    case 'push-answered':
      return pushAnswered(state, event.request, event.conflicts);
    case 'push-failed':
      return pushFailed(state, event.request);
    case 'pull':
      return pullStart(state);
    case 'pulled':
      return pulled(state, event.request, event.documents, event.checkpoint);
    case 'pull-failed':
      return event.request === state.pulling?.request ? { state: { ...state, pulling: null }, effects: [] } : { state, effects: [] };
    case 'server-restored':
      return event.request === state.pulling?.request ? { state: { ...state, pulling: null }, effects: [{ type: 'give-back' }] } : { state, effects: [] };
    case 'given-back':
      return givenBack(state, event.sent);
    case 'reload':
      return reload(state);
  }
}

function edited<C>(state: TableState<C>, docs: Doc[]): Step<C> {
  const next = { ...state.docs };
  for (const doc of docs) next[String(doc.id)] = { ...next[String(doc.id)], local: doc };
  return { state: { ...state, docs: next }, effects: [{ type: 'record', ids: docs.map((doc) => String(doc.id)) }, { type: 'push-due' }] };
}

/**
 * Every waiting document not already on its way goes up, on the base it was made on; one whose
 * earlier push was lost goes on the composed base. Not before the first pull of a load, which
 * tells whether the server went back in time (decision 007); one push at a time.
 */
function pushStart<C>(state: TableState<C>): Step<C> {
  if (state.pushing !== null || !state.pulledOnce) return { state, effects: [] };
  const request = state.nextRequest;
  const next = { ...state.docs };
  const rows: PushRow[] = [];
  const ids: string[] = [];
  for (const [id, record] of Object.entries(state.docs)) {
    if (!record.local || record.sent?.request != null || !waiting(record)) continue;
    // A lost create with nothing changed since goes again as a create: the server may never
    // have had it, and a replayed create changes nothing where it did.
    const lostCreate = !!record.sent && !record.sent.base && !record.base && sameValue(record.sent.doc, record.local);
    const base = lostCreate ? undefined : record.sent ? composedBase(record.sent.base, record.sent.doc, record.local) : record.base;
    ids.push(id);
    if (base && sameValue(base, record.local)) {
      // A lost push that changed nothing: nothing to assert again. A document never agreed
      // before takes that state as agreed: it reached the server (a give-back created it, or
      // a create went first), so the next edit is an edit of it, not a create the server
      // would judge against what it holds (and refuse).
      next[id] = { local: record.local, base: record.base ?? base, ...(record.repull ? { repull: true as const } : {}) };
      continue;
    }
    rows.push(base ? { newDocumentState: record.local, assumedMasterState: base } : { newDocumentState: record.local });
    next[id] = { ...record, sent: { doc: record.local, ...(base ? { base } : {}), request } };
  }
  if (ids.length === 0) return { state, effects: [] };
  const effects: Effect<C>[] = [{ type: 'record', ids }];
  if (rows.length === 0) return { state: { ...state, docs: next }, effects: [...effects, { type: 'pull-due' }] };
  return { state: { ...state, docs: next, pushing: request, nextRequest: request + 1 }, effects: [...effects, { type: 'send', request, rows }] };
}

/**
 * The server stored the push (its merge comes with the next pull) or, for a conflict, answered
 * its own state: the state sent, or the answer, is now the base. An edit made during the round
 * trip stays, rebased onto the answer. Documents a pull skipped meanwhile are pulled again.
 */
function pushAnswered<C>(state: TableState<C>, request: number, conflicts: Doc[]): Step<C> {
  if (state.pushing !== request) return { state, effects: [] };
  const answers = new Map(conflicts.map((doc) => [String(doc.id), doc]));
  const next = { ...state.docs };
  const ids: string[] = [];
  let repull = false;
  for (const [id, record] of Object.entries(state.docs)) {
    if (record.sent?.request !== request || !record.local) continue;
    const answer = answers.get(id);
    const sent = record.sent.doc;
    const local = !answer || sameValue(record.local, sent) ? (answer ?? record.local) : rebase(answer, sent, record.local);
    repull ||= !!record.repull;
    next[id] = { local, base: answer ?? sent, ...(state.pulling ? { answeredDuringPull: state.pulling.request } : {}) };
    ids.push(id);
  }
  const effects: Effect<C>[] = [{ type: 'record', ids }, { type: 'push-due' }];
  if (repull || state.rewind) effects.push({ type: 'pull-due' });
  return { state: { ...state, docs: next, pushing: null }, effects };
}

/** No answer: the server may hold the push or not, so it is kept as lost (composed base next time). */
function pushFailed<C>(state: TableState<C>, request: number): Step<C> {
  if (state.pushing !== request) return { state, effects: [] };
  const next = { ...state.docs };
  for (const [id, record] of Object.entries(state.docs)) {
    if (record.sent?.request === request) next[id] = { ...record, sent: { ...record.sent, request: null } };
  }
  return { state: { ...state, docs: next, pushing: null }, effects: [] };
}

function pullStart<C>(state: TableState<C>): Step<C> {
  if (state.pulling) return { state: { ...state, pulling: { ...state.pulling, again: true } }, effects: [] };
  const request = state.nextRequest;
  const from = state.rewind ? state.rewind.from : state.checkpoint;
  const pulling = { request, from, rewound: !!state.rewind };
  return { state: { ...state, pulling, nextRequest: request + 1 }, effects: [{ type: 'fetch', request, from }] };
}

/**
 * A pulled state is written where nothing waits; a pending edit is rebased onto it (the screen
 * shows both sides at once); a document whose push is unanswered is left alone, because the
 * pull may carry the state from before that push (decision 015), and pulled again later; so
 * is one made here and never pushed, whose create the server judges (decision 008).
 */
function pulled<C>(state: TableState<C>, request: number, documents: Doc[], checkpoint: C | null): Step<C> {
  const pull = state.pulling;
  if (!pull || pull.request !== request) return { state, effects: [] };
  const next = { ...state.docs };
  const ids: string[] = [];
  let skipped = false;
  for (const [id, record] of Object.entries(state.docs)) {
    if (record.answeredDuringPull === undefined) continue;
    const { answeredDuringPull, ...rest } = record;
    next[id] = rest;
    if (answeredDuringPull === request && documents.some((doc) => String(doc.id) === id)) skipped = true;
  }
  for (const doc of documents) {
    const id = String(doc.id);
    const record = next[id] ?? {};
    ids.push(id);
    if (record.sent) {
      skipped = true;
      next[id] = { ...record, repull: true };
    } else if (state.docs[id]?.answeredDuringPull === request) {
      continue;
    } else if (record.local && !record.base && waiting(record)) {
      // Made here and never agreed (a list made again under a deleted one's id, a new
      // device's own settings): it goes up as a create and the server's answer decides.
      continue;
    } else if (record.local && waiting(record)) {
      next[id] = { local: rebase(doc, record.base, record.local), base: doc };
    } else {
      next[id] = { local: doc, base: doc };
    }
  }
  const rewind = skipped ? { from: olderOf(pull.rewound ? null : state.rewind, pull.from) } : pull.rewound ? null : state.rewind;
  const effects: Effect<C>[] = [{ type: 'record', ids }];
  if (Object.values(next).some((record) => waiting(record) && !record.sent)) effects.push({ type: 'push-due' });
  if ((rewind && !Object.values(next).some((record) => record.sent)) || pull.again) effects.push({ type: 'pull-due' });
  return { state: { ...state, docs: next, checkpoint: checkpoint ?? pull.from, rewind, pulling: null, pulledOnce: true }, effects };
}

/**
 * Checkpoints are opaque here. Pulls run one at a time and a rewind is only ever set by a pull
 * that started at or after it, so a rewind still waiting is the earlier start.
 */
function olderOf<C>(rewind: { from: C | null } | null, from: C | null): C | null {
  return rewind ? rewind.from : from;
}

/**
 * The server went back in time and the device gave it everything it holds (decision 007). The
 * server took a document's fields only where nobody changed it since, so each state the
 * give-back sent is now like a push whose answer was lost: its composed base asserts it again,
 * and a field changed since (during the give-back, or set back) still counts as a change.
 * What counts is the state the give-back read, not the one shown now: a document edited while
 * the give-back ran may have reached the server in its earlier state, and a document made then
 * may have reached it at all (it is no longer a create the server has never seen). A document
 * the give-back did not send keeps its record. Everything is pulled from the start.
 */
function givenBack<C>(state: TableState<C>, sent: Doc[]): Step<C> {
  const next: Record<string, DocRecord> = {};
  for (const [id, record] of Object.entries(state.docs)) {
    const { answeredDuringPull: _pullGone, ...rest } = record;
    // Pushes on their way are forgotten with `pushing` below: their answers are lost.
    next[id] = rest.sent ? { ...rest, sent: { ...rest.sent, request: null } } : rest;
  }
  for (const doc of sent) {
    const id = String(doc.id);
    const record = next[id];
    if (!record?.local) continue;
    if (!record.sent && sameValue(doc, record.base)) continue; // it asserted the agreed state
    const sentOn = record.sent ? composedBase(record.sent.base, record.sent.doc, doc) : record.base;
    next[id] = { ...record, sent: { doc, ...(sentOn ? { base: sentOn } : {}), request: null } };
  }
  return {
    state: { ...state, docs: next, checkpoint: null, rewind: null, pushing: null },
    effects: [{ type: 'record', ids: Object.keys(next) }, { type: 'push-due' }, { type: 'pull-due' }],
  };
}

/** A reload (or a crash): what was on its way is now a push whose answer was lost. */
function reload<C>(state: TableState<C>): Step<C> {
  const next = { ...state.docs };
  for (const [id, record] of Object.entries(state.docs)) {
    if (record.sent && record.sent.request !== null) next[id] = { ...record, sent: { ...record.sent, request: null } };
  }
  return { state: { ...state, docs: next, pushing: null, pulling: null, pulledOnce: false }, effects: [{ type: 'pull-due' }] };
}
