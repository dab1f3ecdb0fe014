import type { RotationDoc } from '../../../shared/schemas/docs.js';
import { PLAY_LABELS } from './play-chart.js';

const dayAndTime = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

type RotationEntryProps = {
  rotation: RotationDoc;
  /** "For Mia" when there is more than one child, or for a former child; null says nothing. */
  forWhom: string | null;
  rotatedBy: string | null;
  toyTitle: (toyId: string) => string;
};

/** One past rotation: when, for whom, who rotated, which toys and how each went. */
export function RotationEntry({ rotation, forWhom, rotatedBy, toyTitle }: RotationEntryProps) {
  return (
    <li className="card tr-history-entry">
      <h3>{dayAndTime.format(rotation.createdAt)}</h3>
      {forWhom && <p className="tr-history-entry__meta">For {forWhom}</p>}
      {rotatedBy && <p className="tr-history-entry__meta">Rotated by {rotatedBy}</p>}
      {rotation.toyIds.length === 0 ? (
        <p className="tr-history-entry__meta">No toys came out.</p>
      ) : (
        <ul>
          {rotation.toyIds.map((id) => (
            <li key={id}>
              {toyTitle(id)}
              {rotation.observations[id] && <span className="tr-history-entry__note">: {PLAY_LABELS[rotation.observations[id]].toLowerCase()}</span>}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
