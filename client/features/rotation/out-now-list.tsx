import { REST_SUGGESTION } from '../../../shared/domain/observations.js';
import { OBSERVATIONS, type Observation, type RotationDoc, type ToyDoc } from '../../../shared/schemas/docs.js';
import { ToyPhoto } from '../../components/toy-photo.js';

const OBSERVATION_LABELS: Record<Observation, string> = { lot: 'Played a lot', little: 'A little', none: 'Not touched' };

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
  return (
    <section aria-labelledby="out-now">
      <h2 id="out-now">Toys out now</h2>
      {onObserve && toys.length > 0 && <p className="muted tr-observe-hint">How did it go? One tap per toy, any time until the next rotation.</p>}
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
                {toy.favorite && <span className="tr-badge tr-badge--kept">Kept</span>}
                {restSuggested.has(toy.id) && <span className="tr-rotated__rest">{REST_SUGGESTION}</span>}
              </span>
              {onObserve && (
                <span className="tr-observe" role="group" aria-label={`How ${toy.title} went`}>
                  {OBSERVATIONS.map((level) => (
                    <button
                      key={level}
                      type="button"
                      className="tr-observe__choice"
                      data-level={level}
                      aria-pressed={noted === level}
                      onClick={() => onObserve(toy.id, noted === level ? null : level)}
                    >
                      {OBSERVATION_LABELS[level]}
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
