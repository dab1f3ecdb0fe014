import { CHILDREN_MAX } from '../../../shared/schemas/docs.js';

export type Choice = 'bring' | 'leave';

/** "Mia, Leo and Sam". */
function listed(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Shown before joining when the person already has toys (issue 13): what happens to them, and
 * to their children (whom the toys and rotations belong to), either way, in words, before it
 * happens. Nothing is lost in either case (decision 016).
 */
export function JoinChoice({
  toyCount,
  childNames,
  choice,
  onChoose,
}: {
  toyCount: number;
  /** The person's children as the app names them ("Your child" while the first has no name). */
  childNames: string[];
  choice: Choice | null;
  onChoose: (choice: Choice) => void;
}) {
  const toys = toyCount === 1 ? '1 toy' : `${toyCount} toys`;
  const several = childNames.length > 1;
  return (
    <fieldset className="tr-join__choice">
      <legend>You already have {toys}. What should happen to them?</legend>
      <div className="tr-join__option">
        <input id="join-bring" type="radio" name="join-choice" value="bring" checked={choice === 'bring'} onChange={() => onChoose('bring')} />
        <label htmlFor="join-bring">
          <strong>Bring my toys into the family</strong>
          <span className="muted">
            Your {toys}, categories, collections and rotations join the family&apos;s. Categories and collections with the same
            name become one.
          </span>
          <span className="muted" data-testid="join-children">
            {several ? `Your children (${listed(childNames)}) come too` : 'Your child comes too'}: a child with the same name as one of
            the family&apos;s becomes that child, and a first child without a name yet is the family&apos;s first child; any other
            child is added with their own rotation settings. A family has at most {CHILDREN_MAX} children: if together you would
            have more, nothing moves and you are told.
          </span>
        </label>
      </div>
      <div className="tr-join__option">
        <input id="join-leave" type="radio" name="join-choice" value="leave" checked={choice === 'leave'} onChange={() => onChoose('leave')} />
        <label htmlFor="join-leave">
          <strong>Leave them behind</strong>
          <span className="muted">
            Your {toys}, and your {several ? "children's" : "child's"} rotation settings, stay in your own household on our server, as
            they are; the family does not see them. You get them back
            if you leave the family. This device then shows only the family&apos;s toys.
          </span>
        </label>
      </div>
    </fieldset>
  );
}
