import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FIRST_CHILD_ID, type Observation, type ToyDoc } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import { ChildPicker } from '../../components/child-picker.js';
import { DueLine } from '../../components/due-line.js';
import { EmptyState } from '../../components/empty-state.js';
import { RotateIcon } from '../../components/icons.js';
import { ScreenHeader } from '../../components/screen-header.js';
import { Spinner } from '../../components/spinner.js';
import { FlashMessage } from '../../components/flash-message.js';
import { useTimedMessage } from '../../hooks/use-timed-message.js';
import { useChildChoice } from '../../hooks/use-children.js';
import { useNow } from '../../hooks/use-now.js';
import { useLists, useRotations, useSettings } from '../../hooks/use-local-data.js';
import { useLiveToys } from '../../hooks/live-toys.js';
import { useUserDb } from '../../hooks/use-user-db.js';
import { OpError } from '../../db/ops/errors.js';
import { opErrorText } from '../../i18n/op-error-text.js';
import { observe } from '../../db/ops/rotation.js';
import { useRotatedBy } from '../../hooks/use-household.js';
import { defaultSettings } from '../../db/ops/settings.js';
import { effectiveRotationCount } from '../../../shared/domain/rotation.js';
import { existingChildIds, maxRotationCountForChild } from '../../../shared/domain/children.js';
import { suggestsRest, toyStory } from '../../../shared/domain/observations.js';
import { OutNowList } from './out-now-list.js';
import { formatRotationDate, formatRotationTime } from './rotation-format.js';
import { SwapChecklist } from './swap-checklist.js';
import { binLabels, swapList } from './swap-list.js';
import { formatList } from '../../i18n/format.js';
import { RotationSourcePicker, useRotationSource } from './rotation-source-picker.js';
import { useCollectionRefusal } from '../../hooks/use-collection-refusal.js';
import { useRotate } from './use-rotate.js';
import './rotation.css';

const HISTORY_SHOWN = 5;
// Rotating locally takes milliseconds; a short pause lets the spinner register as feedback.
const MIN_SPIN_MS = 400;

export function RotationPage() {
  const { t } = useTranslation('rotation');
  const { db, opening, guest } = useUserDb();
  // Toys live, by id: the rotation's toy changes re-render from the changed toys (live-toys.ts).
  const { live, version } = useLiveToys(db);
  const storedSettings = useSettings(db);
  const settings = storedSettings ?? (db ? defaultSettings(db.householdId) : undefined);
  const collections = useLists(db, 'collection');
  // The history, with a rotation just made here before its write lands (use-rotate.ts).
  const storedRotations = useRotations(db);
  const { rotations: allRotations, rotate: rotateNow, justRotated } = useRotate({ db, live, rotations: storedRotations, settings: storedSettings, collections });
  const { children, child: storedChild, choose } = useChildChoice(settings);
  // Until the settings' write lands, the child's date is the new rotation's (the due line too).
  const child = useMemo(
    () => (storedChild && justRotated?.childId === storedChild.id ? { ...storedChild, lastRotationDate: justRotated.createdAt } : storedChild),
    [storedChild, justRotated],
  );
  const { source, value: sourceValue, choose: chooseSource } = useRotationSource(collections);
  const collectionRefusal = useCollectionRefusal();
  const childId = child?.id ?? FIRST_CHILD_ID;
  const now = useNow();
  const [busy, setBusy] = useState(false);
  const rotatedBy = useRotatedBy();
  const { message: flash, show: showFlash } = useTimedMessage();

  const byId = live;
  // This child's rotations, newest first (useRotations keeps the server's order).
  const rotations = useMemo(() => allRotations?.filter((rotation) => rotation.childId === childId), [allRotations, childId]);
  const latest = rotations?.[0];
  const previous = rotations?.[1];
  const out = useMemo(
    () => (latest?.toyIds ?? []).map((id) => byId?.get(id)).filter((toy): toy is ToyDoc => Boolean(toy)),
    // version: the toys changed (read through `byId`, which stays the same object)
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [latest, byId, version],
  );
  const lastDate = child?.lastRotationDate ?? latest?.createdAt ?? null;
  // What changed since the rotation before: the physical work of this one.
  const swap = useMemo(
    () => (latest && byId ? swapList(previous?.toyIds ?? [], latest.toyIds, byId) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [latest, previous, byId, version],
  );
  // Bins hold the household's toys, whichever child they are for: made from the toys with a
  // place, a list that stays the same until a place, title or retirement changes (so not when a
  // rotation stamps the toys it brings out).
  const shelved = live?.withPlaces();
  const labels = useMemo(() => binLabels(shelved ?? []), [shelved]);
  // The toy detail's suggestion, here too: the parent sees it while noting how things went.
  const restSuggested = useMemo(
    () => new Set(out.filter((toy) => suggestsRest(toyStory(toy.id, allRotations ?? []))).map((toy) => toy.id)),
    [out, allRotations],
  );
  const several = children.length > 1;
  // The shared rule (the child's active toys minus its kept ones), as Settings and the server count.
  // A pass over every toy: not made again by Rotate's own render (its count and child stay).
  const childCount = child?.rotationToysNumber;
  const perRotation = useMemo(
    () => (childCount !== undefined && settings && live ? effectiveRotationCount(childCount, maxRotationCountForChild([...live.all()], childId, existingChildIds(settings))) : 0),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [childCount, childId, settings, live, version],
  );

  async function rotate() {
    if (!db) return;
    setBusy(true);
    const started = Date.now();
    try {
      const { rotation, msg } = await rotateNow({ childId, source });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, MIN_SPIN_MS - (Date.now() - started))));
      showFlash(msg ? t('rotated', { count: rotation.toyIds.length }) : t('error'), rotation.toyIds.length ? 'success' : 'info');
    } catch (error) {
      // Nothing to bring out: refused with the reason, nothing recorded.
      if (error instanceof OpError) return showFlash(collectionRefusal(error.message) ?? opErrorText(error), 'info');
      console.error('Rotating failed', error);
      showFlash(t('error'), 'danger');
    } finally {
      setBusy(false);
    }
  }

  async function note(toyId: string, level: Observation | null) {
    if (!db || !latest) return;
    try {
      await observe(db, latest.id, toyId, level);
    } catch (error) {
      console.error('Saving an observation failed', error);
      showFlash(t('error'), 'danger');
    }
  }

  return (
    <div className="page tr-page">
      <ScreenHeader title={t('title')} guest={guest}>
        <Button icon={<RotateIcon size={20} />} busy={busy} disabled={!db} onClick={() => void rotate()}>
          {busy ? t('rotating') : several && child ? t('rotateFor', { name: child.label }) : t('rotate')}
        </Button>
      </ScreenHeader>
      <ChildPicker options={children} value={child?.id} onChange={choose} />
      <RotationSourcePicker collections={collections ?? []} value={sourceValue} onChange={chooseSource} />
      <FlashMessage message={flash} />
      <div className="tr-frame" aria-live="polite" data-rotation-id={latest?.id ?? ''}>
        <span className="tr-frame__label">{t('lastRotation')}</span>
        <strong className="tr-frame__date" data-testid="last-rotation-date">
          {lastDate !== null ? formatRotationDate(lastDate) : t('notRotatedYet')}
        </strong>
        {latest && rotatedBy(latest) && (
          <span className="tr-frame__hint" data-testid="rotated-by">
            {t('rotatedBy', { name: rotatedBy(latest) })}
          </span>
        )}
        {child && (
          <span className="tr-frame__hint">
            {t('perRotation', { count: perRotation })}
          </span>
        )}
        {child && settings && <DueLine child={child} timeZone={settings.timeZone} now={now} />}
      </div>
      {opening || (db && (!live || !rotations)) ? (
        <p className="tr-loading">
          <Spinner label={t('loading')} />
        </p>
      ) : latest && out.length > 0 ? (
        <>
          {swap && (
            <SwapChecklist childId={childId} rotationId={latest.id} list={swap} labels={labels} childName={several ? child?.label : null} namedChild={child?.name.trim() || null} rotatedAt={latest.createdAt} />
          )}
          <OutNowList rotation={latest} toys={out} restSuggested={restSuggested} onObserve={db ? (toyId, level) => void note(toyId, level) : null} />
        </>
      ) : (
        <EmptyState icon={<RotateIcon size={40} />} title={t('emptyTitle')}>
          {t('emptyText')}
        </EmptyState>
      )}
      {rotations && rotations.length > 0 && (
        <section aria-labelledby="history" className="tr-history">
          <h2 id="history">{t('recent')}</h2>
          <ul>
            {rotations.slice(0, HISTORY_SHOWN).map((rotation) => (
              <li key={rotation.id}>
                <strong>{formatRotationTime(rotation.createdAt)}</strong>:{' '}
                {rotation.toyIds.length === 0
                  ? t('noToys')
                  : formatList(rotation.toyIds.map((id) => byId?.get(id)?.title ?? t('deletedToy')), { type: 'unit' })}
                {rotatedBy(rotation) && <span className="muted">{t('recentRotatedBy', { name: rotatedBy(rotation) })}</span>}
              </li>
            ))}
          </ul>
          <p>
            <Link to="/history">{t('allRotations')}</Link>
          </p>
        </section>
      )}
    </div>
  );
}
