import { useTranslation } from 'react-i18next';
import { CHILDREN_MAX } from '../../../shared/schemas/docs.js';
import { formatList } from '../../i18n/format.js';

export type Choice = 'bring' | 'leave';

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
  const { t } = useTranslation('join');
  const several = childNames.length > 1;
  return (
    <fieldset className="tr-join__choice">
      <legend>{t('choice.question', { count: toyCount })}</legend>
      <div className="tr-join__option">
        <input id="join-bring" type="radio" name="join-choice" value="bring" checked={choice === 'bring'} onChange={() => onChoose('bring')} />
        <label htmlFor="join-bring">
          <strong>{t('choice.bring')}</strong>
          <span className="muted">{t('choice.bringToys', { count: toyCount })}</span>
          <span className="muted" data-testid="join-children">
            {several ? t('choice.childrenCome', { names: formatList(childNames), max: CHILDREN_MAX }) : t('choice.childComes', { max: CHILDREN_MAX })}
          </span>
        </label>
      </div>
      <div className="tr-join__option">
        <input id="join-leave" type="radio" name="join-choice" value="leave" checked={choice === 'leave'} onChange={() => onChoose('leave')} />
        <label htmlFor="join-leave">
          <strong>{t('choice.leave')}</strong>
          <span className="muted">{several ? t('choice.leaveToysChildren', { count: toyCount }) : t('choice.leaveToysChild', { count: toyCount })}</span>
        </label>
      </div>
    </fieldset>
  );
}
