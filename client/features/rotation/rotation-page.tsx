import { useMemo, useState } from 'react';
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
import { useRotations, useSettings, useToys } from '../../hooks/use-local-data.js';
import { useUserDb } from '../../hooks/use-user-db.js';
import { OpError } from '../../db/ops/errors.js';
import { observe, rotate as rotateLocally } from '../../db/ops/rotation.js';
import { useMemberName } from '../../hooks/use-household.js';
import { defaultSettings } from '../../db/ops/settings.js';
import { effectiveRotationCount } from '../../../shared/domain/rotation.js';
import { existingChildIds, maxRotationCountForChild } from '../../../shared/domain/children.js';
import { suggestsRest, toyStory } from '../../../shared/domain/observations.js';
import { OutNowList } from './out-now-list.js';
import { formatRotationDate, formatRotationTime } from './rotation-format.js';
import { SwapChecklist } from './swap-checklist.js';
import { binLabels, swapList } from './swap-list.js';
import './rotation.css';

const HISTORY_SHOWN = 5;
// Rotating locally takes milliseconds; a short pause lets the spinner register as feedback.
const MIN_SPIN_MS = 400;

export function RotationPage() {
  const { db, opening, guest } = useUserDb();
  const toys = useToys(db);
  const settings = useSettings(db) ?? (db ? defaultSettings(db.householdId) : undefined);
  const allRotations = useRotations(db);
  const { children, child, choose } = useChildChoice(settings);
  const childId = child?.id ?? FIRST_CHILD_ID;
  const now = useNow();
  const [busy, setBusy] = useState(false);
  const nameOf = useMemberName();
  const { message: flash, show: showFlash } = useTimedMessage();

  const byId = useMemo(() => new Map((toys ?? []).map((toy) => [toy.id, toy])), [toys]);
  // This child's rotations, newest first (useRotations keeps the server's order).
  const rotations = useMemo(() => allRotations?.filter((rotation) => rotation.childId === childId), [allRotations, childId]);
  const latest = rotations?.[0];
  const previous = rotations?.[1];
  const out = useMemo(() => (latest?.toyIds ?? []).map((id) => byId.get(id)).filter((toy): toy is ToyDoc => Boolean(toy)), [latest, byId]);
  const lastDate = child?.lastRotationDate ?? latest?.createdAt ?? null;
  // What changed since the rotation before: the physical work of this one.
  const swap = useMemo(() => (latest ? swapList(previous?.toyIds ?? [], latest.toyIds, byId) : null), [latest, previous, byId]);
  // Bins hold the household's toys, whichever child they are for.
  const labels = useMemo(() => binLabels(toys ?? []), [toys]);
  // The toy detail's suggestion, here too: the parent sees it while noting how things went.
  const restSuggested = useMemo(
    () => new Set(out.filter((toy) => suggestsRest(toyStory(toy.id, allRotations ?? []))).map((toy) => toy.id)),
    [out, allRotations],
  );
  const several = children.length > 1;
  // The shared rule (the child's active toys minus its kept ones), as Settings and the server count.
  const perRotation = child && settings ? effectiveRotationCount(child.rotationToysNumber, maxRotationCountForChild(toys ?? [], child.id, existingChildIds(settings))) : 0;

  async function rotate() {
    if (!db) return;
    setBusy(true);
    const started = Date.now();
    try {
      const { rotation, msg } = await rotateLocally(db, { childId });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, MIN_SPIN_MS - (Date.now() - started))));
      showFlash(msg || 'An error occurred', rotation.toyIds.length ? 'success' : 'info');
    } catch (error) {
      // Nothing to bring out: refused with the reason, nothing recorded.
      if (error instanceof OpError) return showFlash(error.message, 'info');
      console.error('Rotating failed', error);
      showFlash('An error occurred', 'danger');
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
      showFlash('An error occurred', 'danger');
    }
  }

  return (
    <div className="page tr-page">
      <ScreenHeader title="Rotation" guest={guest}>
        <Button icon={<RotateIcon size={20} />} busy={busy} disabled={!db} onClick={() => void rotate()}>
          {busy ? 'Rotating…' : several && child ? `Rotate for ${child.label}` : 'Rotate'}
        </Button>
      </ScreenHeader>
      <ChildPicker options={children} value={child?.id} onChange={choose} />
      <FlashMessage message={flash} />
      <div className="tr-frame" aria-live="polite" data-rotation-id={latest?.id ?? ''}>
        <span className="tr-frame__label">Last rotation</span>
        <strong className="tr-frame__date" data-testid="last-rotation-date">
          {lastDate !== null ? formatRotationDate(lastDate) : 'Not rotated yet'}
        </strong>
        {latest && nameOf(latest.createdBy) && (
          <span className="tr-frame__hint" data-testid="rotated-by">
            Rotated by {nameOf(latest.createdBy)}
          </span>
        )}
        {child && (
          <span className="tr-frame__hint">
            {perRotation} {perRotation === 1 ? 'toy' : 'toys'} per rotation, plus kept toys
          </span>
        )}
        {child && settings && <DueLine child={child} timeZone={settings.timeZone} now={now} />}
      </div>
      {opening || (db && (!toys || !rotations)) ? (
        <p className="tr-loading">
          <Spinner label="Loading your rotation" />
        </p>
      ) : latest && out.length > 0 ? (
        <>
          {swap && <SwapChecklist childId={childId} rotationId={latest.id} list={swap} labels={labels} childName={several ? child?.label : null} />}
          <OutNowList rotation={latest} toys={out} restSuggested={restSuggested} onObserve={db ? (toyId, level) => void note(toyId, level) : null} />
        </>
      ) : (
        <EmptyState icon={<RotateIcon size={40} />} title="No toys out yet">
          Press Rotate to pick a fresh selection from your inventory.
        </EmptyState>
      )}
      {rotations && rotations.length > 0 && (
        <section aria-labelledby="history" className="tr-history">
          <h2 id="history">Recent rotations</h2>
          <ul>
            {rotations.slice(0, HISTORY_SHOWN).map((rotation) => (
              <li key={rotation.id}>
                <strong>{formatRotationTime(rotation.createdAt)}</strong>:{' '}
                {rotation.toyIds.length === 0
                  ? 'no toys'
                  : rotation.toyIds.map((id) => byId.get(id)?.title ?? 'a deleted toy').join(', ')}
                {nameOf(rotation.createdBy) && <span className="muted"> (rotated by {nameOf(rotation.createdBy)})</span>}
              </li>
            ))}
          </ul>
          <p>
            <Link to="/history">All rotations and how they went</Link>
          </p>
        </section>
      )}
    </div>
  );
}
