/** A write the app refused, with the message to show the parent (spec wording where given). */
export class OpError extends Error {}

export function newId(): string {
  return crypto.randomUUID();
}
