import { useTranslation } from 'react-i18next';
import { OBSERVATIONS, type Observation, type RotationDoc, type ToyDoc } from '../../../shared/schemas/docs.js';
import { ToyPhoto } from '../../components/toy-photo.js';

type OutNowListProps = {
  rotation: RotationDoc;
  toys: ToyDoc[];
  /** Toys not touched in their last two rotations: a gentle word to rest or retire them. */
  restSuggested: ReadonlySet<string>;
  /** Null while no database is open (a guest): the list shows without the note buttons. */
  onObserve: ((toyId: string, level: Observation | null) => void) | null;
};

/** The numbered toys out now; each with one tap to note how it went, until the next rotation. */
export function OutNowList({ rotation, toys, restSuggested, onObserve }: OutNowListProps) {
  const { t } = useTranslation('rotation');
  return (
    <section aria-labelledby="out-now">
      <h2 id="out-now">{t('outNow.title')}</h2>
      {onObserve && toys.length > 0 && <p className="muted tr-observe-hint">{t('outNow.hint')}</p>}
      <ol className="tr-rotated">
        {toys.map((toy, index) => {
          const noted = rotation.observations[toy.id];
          return (
            <li key={toy.id} className="tr-rotated__item">
              <span className="tr-rotated__number" aria-hidden="true">
                {index + 1}
              </span>
              <ToyPhoto mediaId={toy.mediaId} alt="" className="tr-rotated__photo" />
              <span className="tr-rotated__body">
                <span className="tr-rotated__title" title={toy.title}>
                  {toy.title}
                </span>
                {toy.favorite && <span className="tr-badge tr-badge--kept">{t('outNow.kept')}</span>}
                {restSuggested.has(toy.id) && <span className="tr-rotated__rest">{t('outNow.rest')}</span>}
              </span>
              {onObserve && (
                <span className="tr-observe" role="group" aria-label={t('outNow.howItWent', { title: toy.title })}>
                  {OBSERVATIONS.map((level) => (
                    <button
                      key={level}
                      type="button"
                      className="tr-observe__choice"
                      data-level={level}
                      aria-pressed={noted === level}
                      onClick={() => onObserve(toy.id, noted === level ? null : level)}
                    >
                      {t(`outNow.levels.${level}`)}
                    </button>
                  ))}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
