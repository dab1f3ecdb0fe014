import { useTranslation } from 'react-i18next';
import type { RotationDoc } from '../../../shared/schemas/docs.js';
import { playLabel } from './play-chart.js';
import { DATE_STYLES, formatDate } from '../../i18n/format.js';
import { i18n } from '../../i18n/i18n.js';


type RotationEntryProps = {
  rotation: RotationDoc;
  /** "For Mia" when there is more than one child, or for a former child; null says nothing. */
  forWhom: string | null;
  rotatedBy: string | null;
  toyTitle: (toyId: string) => string;
};

/** One past rotation: when, for whom, who rotated, which toys and how each went. */
export function RotationEntry({ rotation, forWhom, rotatedBy, toyTitle }: RotationEntryProps) {
  const { t } = useTranslation('history');
  return (
    <li className="card tr-history-entry">
      <h3>{formatDate(rotation.createdAt, DATE_STYLES.weekdayDayTime)}</h3>
      {forWhom && <p className="tr-history-entry__meta">{t('entry.for', { name: forWhom })}</p>}
      {rotatedBy && <p className="tr-history-entry__meta">{t('entry.rotatedBy', { name: rotatedBy })}</p>}
      {rotation.toyIds.length === 0 ? (
        <p className="tr-history-entry__meta">{t('entry.noToys')}</p>
      ) : (
        <ul>
          {rotation.toyIds.map((id) => (
            <li key={id}>
              {toyTitle(id)}
              {rotation.observations[id] && <span className="tr-history-entry__note">{t('entry.note', { note: playLabel(rotation.observations[id]).toLocaleLowerCase(i18n.language) })}</span>}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
