import { listChildren, type ChildView } from '../../../shared/domain/children.js';
import { CHILDREN_MAX, FIRST_CHILD_ID, type Child, type SettingsDoc } from '../../../shared/schemas/docs.js';

// "Bring my toys" (decision 016): the joiner's children come along with their toys, so the
// toys' child assignments and each child's rotation history keep meaning something.

type ChildrenFields = Pick<
  SettingsDoc,
  'rotationToysNumber' | 'lastRotationDate' | 'rotationIntervalDays' | 'firstChildName' | 'firstChildBirthMonth' | 'firstChildBirthYear' | 'children'
>;

export type ChildrenMerge = {
  /** The household's children fields after the merge (first child and `children`). */
  fields: ChildrenFields;
  /** Each of the joiner's child ids -> the household's child it became. */
  ids: Map<string, string>;
  /** Children in the household after the merge, and how many of them were added. */
  total: number;
  added: number;
};

const nameKey = (name: string) => name.trim().toLocaleLowerCase();

/** The later of two "last rotation" days (null = never). */
function later(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  return b === null ? a : Math.max(a, b);
}

/** The household's child, with whatever it lacks (name, birth month and year) taken from the joiner's same child. */
function fillIn(ours: ChildView, theirs: ChildView): ChildView {
  return {
    ...ours,
    name: ours.name.trim() === '' ? theirs.name : ours.name,
    birthMonth: ours.birthMonth ?? theirs.birthMonth,
    birthYear: ours.birthYear ?? theirs.birthYear,
    lastRotationDate: later(ours.lastRotationDate, theirs.lastRotationDate),
  };
}

/**
 * Merges the joiner's children into the household's, by name as categories and collections
 * are: a child with the same name (trimmed, any case) as one of the household's is that child;
 * the joiner's first child is also the household's first child when either of the two has no
 * name yet (one unnamed child per account is how everyone starts). The merged child keeps the
 * household's rotation count and schedule, fills in a name or birth date it lacks, and its last
 * rotation is the later of the two. Every other child is added with its own settings (a fresh
 * id when its id is taken). The caller refuses the join when `total` passes CHILDREN_MAX.
 */
export function mergeChildren(household: ChildrenFields, joiner: ChildrenFields, newId: () => string, now: number): ChildrenMerge {
  const merged = new Map<string, ChildView>(listChildren(household).map((child) => [child.id, child]));
  const byName = new Map<string, string>();
  for (const child of merged.values()) if (nameKey(child.name) !== '') byName.set(nameKey(child.name), child.id);
  const ids = new Map<string, string>();
  let added = 0;

  for (const theirs of listChildren(joiner)) {
    const key = nameKey(theirs.name);
    const firstUnnamed = theirs.first && (key === '' || nameKey(household.firstChildName) === '');
    const target = byName.get(key) ?? (firstUnnamed ? FIRST_CHILD_ID : undefined);
    if (target !== undefined) {
      merged.set(target, fillIn(merged.get(target)!, theirs));
      ids.set(theirs.id, target);
    } else {
      const id = theirs.first || merged.has(theirs.id) ? newId() : theirs.id;
      merged.set(id, { ...theirs, id, first: false, createdAt: theirs.first ? now : theirs.createdAt });
      ids.set(theirs.id, id);
      added++;
    }
    if (key !== '' && !byName.has(key)) byName.set(key, ids.get(theirs.id)!);
  }

  const first = merged.get(FIRST_CHILD_ID)!;
  const children: Record<string, Child> = {};
  for (const [id, { name, birthMonth, birthYear, rotationToysNumber, rotationIntervalDays, lastRotationDate, createdAt }] of merged) {
    if (id !== FIRST_CHILD_ID) children[id] = { name, birthMonth, birthYear, rotationToysNumber, rotationIntervalDays, lastRotationDate, createdAt };
  }
  return {
    fields: {
      rotationToysNumber: first.rotationToysNumber,
      rotationIntervalDays: first.rotationIntervalDays,
      lastRotationDate: first.lastRotationDate,
      firstChildName: first.name,
      firstChildBirthMonth: first.birthMonth,
      firstChildBirthYear: first.birthYear,
      children,
    },
    ids,
    total: merged.size,
    added,
  };
}

/** The refusal when the two families' children would be more than a household may have. */
export function tooManyChildrenMessage(total: number): string {
  return `Together you would have ${total} children, more than the ${CHILDREN_MAX} a family can have. Nothing was moved: join without your toys, or remove a child first.`;
}
