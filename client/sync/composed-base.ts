import { deepEqual } from 'rxdb';

type Doc = Record<string, unknown>;

/**
 * The base for pushing `local` when an earlier push of the same document (`sent`, made on the
 * base `base`) may or may not have been stored: its answer was lost with the page (decision
 * 015). Per field: one the device changed again since `sent` is measured against `sent`, so
 * setting it back to its old value still counts as a change, whichever way the lost push
 * went; one still as sent is measured against `base`, so the sent value is asserted again in
 * case the lost push never arrived. Arrays are sets (collectionIds): the same rule per member.
 * Without `base` (the lost push was the document's create) `sent` is its own base.
 */
export function composedBase(base: Doc | undefined, sent: Doc, local: Doc): Doc {
  const before = base ?? sent;
  const out: Doc = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(sent), ...Object.keys(local)])) {
    const [b, s, l] = [before[key], sent[key], local[key]];
    if (Array.isArray(l) && Array.isArray(s) && Array.isArray(b)) {
      const members = [...new Set([...b, ...s, ...l])];
      out[key] = members.filter((m) => (l.includes(m) === s.includes(m) ? b.includes(m) : s.includes(m)));
    } else {
      out[key] = deepEqual(l, s) ? b : s;
    }
  }
  return out;
}

/**
 * The base for pushing `local` when the server answered the push of `sent` with its own state
 * `answer` (a conflict) and the document had no base of RxDB's: RxDB writes the answer over
 * the document only if the parent did not edit it during the round trip; otherwise the
 * document keeps the edit, made on `sent`, and RxDB still has no base for it. Which of the two
 * happened is not recorded (and a reload can come between RxDB's writes), so per field: a
 * value equal to the answer's is no change; any other is measured against `sent`, so a field
 * the parent left as sent does not undo what the server had (another device's edit), and one
 * changed since is pushed. Arrays are sets: the same rule per member.
 */
export function answeredBase(answer: Doc, sent: Doc, local: Doc): Doc {
  const out: Doc = {};
  for (const key of new Set([...Object.keys(answer), ...Object.keys(sent), ...Object.keys(local)])) {
    const [a, s, l] = [answer[key], sent[key], local[key]];
    if (Array.isArray(l) && Array.isArray(s) && Array.isArray(a)) {
      const members = [...new Set([...a, ...s, ...l])];
      out[key] = members.filter((m) => (l.includes(m) === a.includes(m) ? a.includes(m) : s.includes(m)));
    } else {
      out[key] = deepEqual(l, a) ? a : s;
    }
  }
  return out;
}
