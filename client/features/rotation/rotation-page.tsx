import { useMemo, useState } from 'react';
import type { ToyDoc } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import { EmptyState } from '../../components/empty-state.js';
import { RotateIcon } from '../../components/icons.js';
import { ScreenHeader } from '../../components/screen-header.js';
import { Spinner } from '../../components/spinner.js';
import { FlashMessage } from '../../components/flash-message.js';
import { ToyPhoto } from '../../components/toy-photo.js';
import { useTimedMessage } from '../../components/use-timed-message.js';
import { useRotations, useSettings, useToys } from '../../hooks/use-local-data.js';
import { useUserDb } from '../../hooks/use-user-db.js';
import { rotate as rotateLocally } from '../../db/ops/rotation.js';
import { defaultSettings } from '../../db/ops/settings.js';
import { formatRotationDate, formatRotationTime } from './rotation-format.js';
import './rotation.css';

const HISTORY_SHOWN = 5;
// Rotating locally takes milliseconds; a short pause lets the spinner register as feedback.
const MIN_SPIN_MS = 400;

export function RotationPage() {
  const { db, opening, guest } = useUserDb();
  const toys = useToys(db);
  const settings = useSettings(db) ?? (db ? defaultSettings(db.userId) : undefined);
  const rotations = useRotations(db);
  const [busy, setBusy] = useState(false);
  const { message: flash, show: showFlash } = useTimedMessage();

  const byId = useMemo(() => new Map((toys ?? []).map((toy) => [toy.id, toy])), [toys]);
  const latest = rotations?.[0];
  const out = (latest?.toyIds ?? []).map((id) => byId.get(id)).filter((toy): toy is ToyDoc => Boolean(toy));
  const lastDate = settings?.lastRotationDate ?? latest?.createdAt ?? null;

  async function rotate() {
    if (!db) return;
    setBusy(true);
    const started = Date.now();
    try {
      const { rotation, msg } = await rotateLocally(db);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, MIN_SPIN_MS - (Date.now() - started))));
      showFlash(msg || 'An error occurred', rotation.toyIds.length ? 'success' : 'info');
    } catch (error) {
      console.error('Rotating failed', error);
      showFlash('An error occurred', 'danger');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page tr-page">
      <ScreenHeader title="Rotation" guest={guest}>
        <Button icon={<RotateIcon size={20} />} busy={busy} disabled={!db} onClick={() => void rotate()}>
          {busy ? 'Rotating…' : 'Rotate'}
        </Button>
      </ScreenHeader>
      <FlashMessage message={flash} />
      <div className="tr-frame" aria-live="polite">
        <span className="tr-frame__label">Last rotation</span>
        <strong className="tr-frame__date" data-testid="last-rotation-date">
          {lastDate !== null ? formatRotationDate(lastDate) : 'Not rotated yet'}
        </strong>
        {settings && (
          <span className="tr-frame__hint">
            {settings.rotationToysNumber} {settings.rotationToysNumber === 1 ? 'toy' : 'toys'} per rotation, plus kept toys
          </span>
        )}
      </div>
      {opening || (db && (!toys || !rotations)) ? (
        <p className="tr-loading">
          <Spinner label="Loading your rotation" />
        </p>
      ) : out.length > 0 ? (
        <section aria-labelledby="out-now">
          <h2 id="out-now">Toys out now</h2>
          <ol className="tr-rotated">
            {out.map((toy, index) => (
              <li key={toy.id} className="tr-rotated__item">
                <span className="tr-rotated__number" aria-hidden="true">
                  {index + 1}
                </span>
                <ToyPhoto mediaId={toy.mediaId} alt="" className="tr-rotated__photo" />
                <span className="tr-rotated__title">{toy.title}</span>
                {toy.favorite && <span className="tr-badge tr-badge--kept">Kept</span>}
              </li>
            ))}
          </ol>
        </section>
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
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
