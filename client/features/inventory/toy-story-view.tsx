import { REST_SUGGESTION, suggestsRest, toyStory } from '../../../shared/domain/observations.js';
import type { Observation, RotationDoc } from '../../../shared/schemas/docs.js';

const NOTE_WORDS: Record<Observation, string> = { lot: 'played a lot', little: 'played a little', none: 'not touched' };
const day = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
const STORY_SHOWN = 6;

type ToyStoryViewProps = { toyId: string; rotations: RotationDoc[]; childName: (childId: string) => string | null };

/** A toy's story: times out, last out, how it went each time; and a gentle word when it sits untouched. */
export function ToyStoryView({ toyId, rotations, childName }: ToyStoryViewProps) {
  const story = toyStory(toyId, rotations);
  const byId = new Map(rotations.map((rotation) => [rotation.id, rotation]));
  return (
    <section className="tr-story" aria-labelledby={`story-${toyId}`}>
      <h3 id={`story-${toyId}`}>Its story</h3>
      {story.timesOut === 0 ? (
        <p className="muted">Not out in a rotation yet.</p>
      ) : (
        <>
          <p data-testid="toy-story-summary">
            Out {story.timesOut === 1 ? 'once' : `${story.timesOut} times`}; last out {day.format(story.lastOut as number)}.
          </p>
          <ul className="tr-story__times">
            {story.times.slice(0, STORY_SHOWN).map((time) => {
              const who = childName(byId.get(time.rotationId)?.childId ?? '');
              return (
                <li key={time.rotationId}>
                  {day.format(time.at)}
                  {who ? ` (${who})` : ''}: {time.observation ? NOTE_WORDS[time.observation] : 'no note'}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {suggestsRest(story) && (
        <p className="alert alert--info" role="status">
          {REST_SUGGESTION}
        </p>
      )}
    </section>
  );
}
