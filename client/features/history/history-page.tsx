import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.js';
import { HistoryIcon } from '../../components/icons.js';
import { ScreenHeader } from '../../components/screen-header.js';
import { Spinner } from '../../components/spinner.js';
import { ChildPicker } from '../../components/child-picker.js';
import { useChildChoice } from '../../hooks/use-children.js';
import { useAllLists, useListNames, useRotations, useSettings, useToys } from '../../hooks/use-local-data.js';
import { useRotatedBy } from '../../hooks/use-household.js';
import { useUserDb } from '../../hooks/use-user-db.js';
import { formerChildLabels, formerChildRotations } from './former-children.js';
import { PlayChartView } from './play-chart-view.js';
import { playChart, type ChartObservation } from './play-chart.js';
import { RotationEntry } from './rotation-entry.js';
import './history.css';
import { DATE_STYLES, formatDate } from '../../i18n/format.js';


/** /history: past rotations by date and how each category was played with. */
export function HistoryPage() {
  const { t } = useTranslation(['history', 'inventory']);
  const { db, opening, guest } = useUserDb();
  const rotatedBy = useRotatedBy();
  const toys = useToys(db);
  const allRotations = useRotations(db);
  const names = useListNames(useAllLists(db));
  const settings = useSettings(db);
  const { children, child, choose } = useChildChoice(settings);
  const childId = child?.id;
  const rotations = useMemo(
    () => (childId ? allRotations?.filter((rotation) => rotation.childId === childId) : allRotations),
    [allRotations, childId],
  );
  // Only once the settings are here: before, every child would look removed.
  const former = useMemo(
    () => (settings && allRotations ? formerChildRotations(allRotations, new Set(children.map((c) => c.id))) : []),
    [settings, allRotations, children],
  );
  // Words of the language shown, so worked out on every render (cheap: one entry per removed child).
  const formerLabels = formerChildLabels(former);
  const observations = useMemo<ChartObservation[]>(
    () =>
      (rotations ?? []).flatMap((rotation) =>
        Object.entries(rotation.observations).map(([toyId, level]) => ({ rotationId: rotation.id, toyId, level })),
      ),
    [rotations],
  );
  const byId = useMemo(() => new Map((toys ?? []).map((toy) => [toy.id, toy])), [toys]);
  const chart = useMemo(
    () => playChart(rotations ?? [], observations, new Map((toys ?? []).map((toy) => [toy.id, toy.categoryId])), (id) => names.get(id) ?? t('inventory:uncategorized')),
    [rotations, observations, toys, names, t],
  );
  const toyTitle = (id: string) => byId.get(id)?.title ?? t('deletedToy');

  return (
    <div className="page tr-page">
      <ScreenHeader title={t('title')} guest={guest} />
      <ChildPicker options={children} value={child?.id} onChange={choose} />
      {opening || (db && (!toys || !rotations)) ? (
        <p className="tr-loading">
          <Spinner label={t('loading')} />
        </p>
      ) : !rotations || rotations.length === 0 ? (
        <EmptyState icon={<HistoryIcon size={40} />} title={t('emptyTitle')}>
          {t('emptyText')}
        </EmptyState>
      ) : (
        <>
          <PlayChartView chart={chart} formatDate={(time) => formatDate(time, DATE_STYLES.weekdayDay)} />
          <section aria-labelledby="history-rotations">
            <h2 id="history-rotations">{t('past')}</h2>
            <ol className="tr-history-list">
              {rotations.map((rotation) => (
                <RotationEntry
                  key={rotation.id}
                  rotation={rotation}
                  forWhom={children.length > 1 && child ? child.label : null}
                  rotatedBy={rotatedBy(rotation)}
                  toyTitle={toyTitle}
                />
              ))}
            </ol>
          </section>
        </>
      )}
      {former.length > 0 && (
        <section aria-labelledby="history-former">
          <h2 id="history-former">{t('former.title')}</h2>
          <p className="muted">{t('former.text')}</p>
          <ol className="tr-history-list">
            {former.map((rotation) => (
              <RotationEntry key={rotation.id} rotation={rotation} forWhom={formerLabels.get(rotation.childId) ?? null} rotatedBy={rotatedBy(rotation)} toyTitle={toyTitle} />
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
