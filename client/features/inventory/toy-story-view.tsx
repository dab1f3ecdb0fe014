import { useTranslation } from 'react-i18next';
import { suggestsRest, toyStory } from '../../../shared/domain/observations.js';
import type { RotationDoc } from '../../../shared/schemas/docs.js';
import { DATE_STYLES, formatDate } from '../../i18n/format.js';

const STORY_SHOWN = 6;

type ToyStoryViewProps = { toyId: string; rotations: RotationDoc[]; childName: (childId: string) => string | null };

/** A toy's story: times out, last out, how it went each time; and a gentle word when it sits untouched. */
export function ToyStoryView({ toyId, rotations, childName }: ToyStoryViewProps) {
  const { t } = useTranslation('inventory');
  const story = toyStory(toyId, rotations);
  const byId = new Map(rotations.map((rotation) => [rotation.id, rotation]));
  return (
    <section className="tr-story" aria-labelledby={`story-${toyId}`}>
      <h3 id={`story-${toyId}`}>{t('story.title')}</h3>
      {story.timesOut === 0 ? (
        <p className="muted">{t('story.notYet')}</p>
      ) : (
        <>
          <p data-testid="toy-story-summary">
            {t('story.summary', { count: story.timesOut, date: formatDate(story.lastOut as number, DATE_STYLES.weekdayDay) })}
          </p>
          <ul className="tr-story__times">
            {story.times.slice(0, STORY_SHOWN).map((time) => {
              const who = childName(byId.get(time.rotationId)?.childId ?? '');
              const date = formatDate(time.at, DATE_STYLES.weekdayDay);
              const note = time.observation ? t(`story.notes.${time.observation}`) : t('story.noNote');
              return <li key={time.rotationId}>{who ? t('story.timeFor', { date, who, note }) : t('story.time', { date, note })}</li>;
            })}
          </ul>
        </>
      )}
      {suggestsRest(story) && (
        <p className="alert alert--info" role="status">
          {t('story.rest')}
        </p>
      )}
    </section>
  );
}
