import { sameValue, type Doc } from '../sync/protocol-fields.js';
import { initialTable, settled, step, type Effect, type Event, type PushRow, type TableState } from '../sync/protocol.js';

// Test support (never shipped): two devices running the protocol core (client/sync/protocol.ts)
// against a model of the server's push, pull and restore rules (decision 002, 007), one document
// with two fields: held by both devices and the server from the start, or made on device A and
// not yet pushed (`madeOnA`). Every move is a plain function of the world, so a test can
// enumerate them.

type Checkpoint = { seq: number; epoch: number };
export const FIELDS = ['a', 'b'] as const;
type Field = (typeof FIELDS)[number];

/** `touched`: the fields changed since the first backup. */
/** `doc` null: the server has not got the document (yet, or no longer after a restore). */
type Server = { doc: Doc | null; docSeq: number; seq: number; epoch: number; restoredFrom: number; touched: Field[] };
type InFlightPush = { request: number; rows: PushRow[]; checkpoint: Checkpoint | null; answer?: Doc[] | 'reset' };
type InFlightPull = { request: number; answer: { documents: Doc[]; checkpoint: Checkpoint | null } | 'reset' };
export type Device = {
  table: TableState<Checkpoint>;
  push?: InFlightPush;
  pull?: InFlightPull;
  /** A push sent before a reload that may still reach the server (nobody reads its answer). */
  orphan?: InFlightPush;
  /** A give-back the server has taken whose end the device has not seen yet: the states it sent. */
  givingBack?: Doc[];
  /** The last value this device's person gave each field. */
  edits: Partial<Record<Field, number>>;
};
export type World = { undone: Field[]; first: Doc | null; server: Server; devices: [Device, Device]; budget: { edits: [number, number]; drops: number; reloads: number; restores: number } };

const INITIAL: Doc = { id: 'd', a: 0, b: 0, _deleted: false };

export function initialWorld(budget: World['budget'], options: { madeOnA?: boolean } = {}): World {
  const device = (docs: TableState<Checkpoint>['docs']): Device => {
    const table = initialTable<Checkpoint>();
    return { table: { ...table, docs, checkpoint: { seq: 1, epoch: 0 }, pulledOnce: true }, edits: {} };
  };
  if (options.madeOnA) {
    const server = { doc: null, docSeq: 0, seq: 1, epoch: 0, restoredFrom: 0, touched: [] };
    return { undone: [], first: null, server, devices: [device({ d: { local: INITIAL } }), device({})], budget };
  }
  const synced = () => device({ d: { local: INITIAL, base: INITIAL } });
  return { undone: [], first: INITIAL, server: { doc: INITIAL, docSeq: 1, seq: 1, epoch: 0, restoredFrom: 0, touched: [] }, devices: [synced(), synced()], budget };
}

/**
 * The server's merge (decision 002): a field the push changed since its base takes the pushed
 * value. A row it does not hold is created as pushed, with or without a base.
 */
function serverMerge(master: Doc | null, assumed: Doc | undefined, incoming: Doc): Doc {
  if (!master) return incoming;
  if (!assumed) return master; // a replayed create: the stored state wins
  const merged = { ...master };
  for (const field of FIELDS) if (!sameValue(incoming[field], assumed[field])) merged[field] = incoming[field];
  return merged;
}

function store(server: Server, merged: Doc): Server {
  if (sameValue(merged, server.doc)) return server;
  // Making the row is not a change of its fields (a restore that takes it back is seen as a lost document).
  const was = server.doc;
  const touched = was ? FIELDS.filter((field) => server.touched.includes(field) || !sameValue(merged[field], was[field])) : server.touched;
  return { ...server, doc: merged, docSeq: server.seq + 1, seq: server.seq + 1, touched };
}

function serverPush(server: Server, push: InFlightPush): { server: Server; answer: Doc[] | 'reset' } {
  if (push.checkpoint && push.checkpoint.epoch !== server.epoch) return { server, answer: 'reset' };
  let next = server;
  const conflicts: Doc[] = [];
  for (const row of push.rows) {
    const merged = serverMerge(next.doc, row.assumedMasterState, row.newDocumentState);
    const stored = store(next, merged);
    if (stored === next && !sameValue(merged, row.newDocumentState)) conflicts.push(merged);
    next = stored;
  }
  return { server: next, answer: conflicts };
}

function serverPull(server: Server, from: Checkpoint | null): InFlightPull['answer'] {
  if (from && from.epoch !== server.epoch) return 'reset';
  if (!server.doc || (from && from.seq >= server.docSeq)) return { documents: [], checkpoint: null };
  return { documents: [server.doc], checkpoint: { seq: server.docSeq, epoch: server.epoch } };
}

/** Reconverging (decision 007): a row nobody changed since the restore takes the device's fields. */
function serverGiveBack(server: Server, local: Doc | undefined): Server {
  if (!local) return server;
  const unchanged = server.docSeq < server.restoredFrom;
  return store(server, serverMerge(server.doc, unchanged && server.doc ? server.doc : undefined, local));
}

function setDevice(world: World, index: number, device: Device, server = world.server): World {
  const devices = [...world.devices] as [Device, Device];
  devices[index] = device;
  return { ...world, server, devices };
}

/** Runs the core on one event and carries out its effects that talk to the server. */
function run(world: World, index: number, event: Event<Checkpoint>): World {
  const device = world.devices[index]!;
  const { state, effects } = step(device.table, event);
  let next: Device = { ...device, table: state };
  let server = world.server;
  for (const effect of effects as Effect<Checkpoint>[]) {
    if (effect.type === 'send') next = { ...next, push: { request: effect.request, rows: effect.rows, checkpoint: state.checkpoint } };
    if (effect.type === 'fetch') next = { ...next, pull: { request: effect.request, answer: serverPull(server, effect.from) } };
    if (effect.type === 'give-back' && !device.givingBack) {
      // The give-back reads the document and the server takes it; the device learns that it
      // ended later (a separate move), so edits can land in between, as they do in the app.
      const local = state.docs.d?.local;
      server = serverGiveBack(server, local);
      next = { ...next, givingBack: local ? [local] : [] };
    }
  }
  return setDevice(world, index, next, server);
}

export type Move = { name: string; apply: (world: World) => World };

function deviceMoves(world: World, index: number): Move[] {
  const device = world.devices[index]!;
  const who = index === 0 ? 'A' : 'B';
  const moves: Move[] = [];
  if (world.budget.edits[index]! > 0 && device.table.docs.d?.local) {
    for (const field of FIELDS) moves.push({ name: `${who} edits ${field}`, apply: (w) => edit(w, index, field) });
  }
  if (device.givingBack) moves.push({ name: `${who}'s give-back ends`, apply: (w) => giveBackEnds(w, index) });
  if (!device.push && !device.givingBack && device.table.pushing === null) moves.push({ name: `${who} pushes`, apply: (w) => run(w, index, { type: 'push' }) });
  if (device.push && !device.push.answer) moves.push({ name: `${who}'s push arrives`, apply: (w) => arrive(w, index) });
  if (device.push?.answer) moves.push({ name: `${who}'s push is answered`, apply: (w) => answer(w, index) });
  if (device.push && world.budget.drops > 0) moves.push({ name: `${who}'s push fails`, apply: (w) => spend(run(dropPush(w, index), index, { type: 'push-failed', request: device.push!.request }), 'drops') });
  if (!device.pull) moves.push({ name: `${who} pulls`, apply: (w) => run(w, index, { type: 'pull' }) });
  if (device.pull) moves.push({ name: `${who}'s pull is answered`, apply: (w) => pullAnswer(w, index) });
  if (device.orphan) moves.push({ name: `${who}'s push from before the reload arrives`, apply: (w) => orphanArrives(w, index) });
  if (world.budget.reloads > 0) moves.push({ name: `${who} reloads`, apply: (w) => spend(reload(w, index), 'reloads') });
  return moves;
}

export function moves(world: World): Move[] {
  const out = [...deviceMoves(world, 0), ...deviceMoves(world, 1)];
  if (world.budget.restores > 0) out.push({ name: 'the server is restored from its first backup', apply: restore });
  return out;
}

function spend(world: World, what: 'drops' | 'reloads' | 'restores'): World {
  return { ...world, budget: { ...world.budget, [what]: world.budget[what] - 1 } };
}

function edit(world: World, index: number, field: Field): World {
  const device = world.devices[index]!;
  const local = device.table.docs.d!.local!;
  const mine = index + 1; // A writes 1, B writes 2; writing again sets the field back to 0
  const value = local[field] === mine ? 0 : mine;
  const edits = [...world.budget.edits] as [number, number];
  edits[index] = edits[index]! - 1;
  const next = setDevice({ ...world, budget: { ...world.budget, edits } }, index, { ...device, edits: { ...device.edits, [field]: value } });
  return run(next, index, { type: 'edit', docs: [{ ...local, [field]: value }] });
}

function giveBackEnds(world: World, index: number): World {
  const { givingBack, ...device } = world.devices[index]!;
  return run(setDevice(world, index, device), index, { type: 'given-back', sent: givingBack! });
}

function arrive(world: World, index: number): World {
  const device = world.devices[index]!;
  const { server, answer } = serverPush(world.server, device.push!);
  return setDevice(world, index, { ...device, push: { ...device.push!, answer } }, server);
}

function answer(world: World, index: number): World {
  const push = world.devices[index]!.push!;
  const cleared = dropPush(world, index);
  if (push.answer === 'reset') return run(cleared, index, { type: 'push-failed', request: push.request });
  return run(cleared, index, { type: 'push-answered', request: push.request, conflicts: push.answer! });
}

function dropPush(world: World, index: number): World {
  const { push: _dropped, ...device } = world.devices[index]!;
  return setDevice(world, index, device);
}

function pullAnswer(world: World, index: number): World {
  const { pull, ...device } = world.devices[index]!;
  const cleared = setDevice(world, index, device);
  if (pull!.answer === 'reset') return run(cleared, index, { type: 'server-restored', request: pull!.request });
  return run(cleared, index, { type: 'pulled', request: pull!.request, ...pull!.answer });
}

/**
 * The page reloads: answers on their way are gone; a push that had not arrived yet may still
 * reach the server, or never (the explorer tries both).
 */
function reload(world: World, index: number): World {
  const { push, pull: _pull, ...device } = world.devices[index]!;
  const orphan = push && !push.answer ? { orphan: push } : {};
  return run(setDevice(world, index, { ...device, ...orphan }), index, { type: 'reload' });
}

function orphanArrives(world: World, index: number): World {
  const { orphan, ...device } = world.devices[index]!;
  return setDevice(world, index, device, serverPush(world.server, orphan!).server);
}

/**
 * The server goes back to its first backup. A field changed in the history that takes back is
 * subject to decision 007's limits (a give-back of an older state can win over a newer one
 * another device holds, and a push whose answer was lost is asserted again over a later edit:
 * see decision 032), so it is marked `undone`: the devices must agree on it, on no particular
 * value. Every other field keeps the full promise.
 */
function restore(world: World): World {
  const epoch = world.server.epoch + 1;
  const undone = FIELDS.filter((field) => world.undone.includes(field) || world.server.touched.includes(field));
  const server = { doc: world.first, docSeq: world.first ? 1 : 0, seq: 1, epoch, restoredFrom: 2, touched: [] };
  return spend({ ...world, undone, server }, 'restores');
}

/** Every request answered, then each device pushes and pulls until nothing changes. */
export function drain(world: World): World {
  let current = world;
  for (let round = 0; round < 12; round++) {
    for (const index of [0, 1]) {
      if (current.devices[index]!.givingBack) current = giveBackEnds(current, index);
      const device = current.devices[index]!;
      if (device.push && !device.push.answer) current = arrive(current, index);
      if (current.devices[index]!.push) current = answer(current, index);
      if (current.devices[index]!.pull) current = pullAnswer(current, index);
      current = run(current, index, { type: 'push' });
      if (current.devices[index]!.push) current = answer(arrive(current, index), index);
      current = pullAnswer(run(current, index, { type: 'pull' }), index);
    }
    if (current.devices.every((device) => settled(device.table) && !device.givingBack && !device.push && !device.pull && upToDate(current, device))) return current;
  }
  return current;
}

/** The device's last pull saw the server's last change. */
export function upToDate(world: World, device: Device): boolean {
  const checkpoint = device.table.checkpoint;
  return !!checkpoint && checkpoint.epoch === world.server.epoch && checkpoint.seq >= world.server.docSeq;
}

export function key(world: World): string {
  return JSON.stringify(world);
}
