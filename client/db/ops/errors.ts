// A local operation's refusal is said in the parent's language (decision 056): the operation
// names it by a key of OP_ENGLISH with its values, and its message is the English (tests and
// logs read it); client/i18n/op-error-text.ts says it in the language shown, from
// client/i18n/locales/<language>/ops.json, whose English must equal this table.

export const OP_ENGLISH = {
  settingsInvalid: 'Those settings are not valid.',
  rotationCount: 'The rotation number must be a whole number from 0 to {{max}}.',
  childNotFound: 'That child was not found.',
  childInvalid: 'That child is not valid.',
  tooManyChildren: 'At most {{max}} children',
  firstChildStays: 'The first child cannot be removed; you can rename it.',
  toyNotFound: 'That toy was not found.',
  toyInvalid: 'That toy is not valid.',
  importHasProblems: 'Nothing was imported: the file has problems (see the list).',
  importNotStored: 'Nothing was imported: {{number}} {{table}} could not be stored.',
  importToyChanged: 'Nothing was imported: a toy changed while importing. Please try again.',
  // Refusals worded by the shared rules (shared/domain), thrown with their English only: the
  // app knows them by that English (a test checks each is still the rule's).
  toysLimit: 'Toys amount reached the limit',
  freeCollections: 'Free account can have up to 3 collections.',
  paidCollections: 'Premium account can have up to 50 collections.',
  futureBirthYear: 'The birth year cannot be in the future',
  noToysToRotate: 'No toys to rotate: add toys, or un-exclude some, and try again.',
  countZero: 'Toys per rotation is 0 and no toy is kept: choose a number in Settings.',
  emptyCollection: 'That collection has no toys to bring out: add toys to it, or un-exclude some, and try again.',
  collectionNotFound: 'That collection was not found.',
  rotationNotFound: 'That rotation was not found.',
  toyNotOut: 'That toy was not out in this rotation.',
  latestOnly: 'Only the latest rotation can be noted: a newer rotation was made since.',
} as const;

export type OpErrorKey = keyof typeof OP_ENGLISH;
export type OpWords = { key: OpErrorKey; values: Record<string, string | number> };

/** A write the app refused, with the message to show the parent (spec wording where given). */
export class OpError extends Error {
  /** `words`: the refusal by key, when the operation has one (else the app knows it by its English). */
  constructor(
    message: string,
    readonly words: OpWords | null = null,
  ) {
    super(message);
  }
}

/** A refusal of OP_ENGLISH: its English is the message. */
export function opError(key: OpErrorKey, values: Record<string, string | number> = {}): OpError {
  const message = OP_ENGLISH[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  return new OpError(message, { key, values });
}

export function newId(): string {
  return crypto.randomUUID();
}
