import { useMemo, useState } from 'react';
import { newestRotationFirst } from '../../../shared/domain/rotation-order.js';
import type { RotationSource } from '../../../shared/domain/rotation-source.js';
import type { ListDoc, RotationDoc, SettingsDoc } from '../../../shared/schemas/docs.js';
import type { ToyDatabase } from '../../db/database.js';
import { planRotation, recordRotation, rotate, type PlannedRotation, type RotationState } from '../../db/ops/rotation.js';
import { defaultSettings } from '../../db/ops/settings.js';
import type { LiveToys } from '../../hooks/live-toys.js';

type Held = {
  db: ToyDatabase | null;
  live: LiveToys | null;
  /** Every rotation, newest first (useRotations); undefined until read. */
  rotations: readonly RotationDoc[] | undefined;
  /** The settings document (null: none stored yet); undefined until read. */
  settings: SettingsDoc | null | undefined;
  collections: readonly ListDoc[] | undefined;
};

/**
 * Rotate from what the Rotation screen already holds (issue 22, item 3): the pick reads nothing
 * from the database, and the new rotation is shown in the click's own render, before its local
 * write lands (the push goes later). `rotations` is the history with that rotation until the
 * database's own list has it; if the write fails it goes away again and `rotate` rejects.
 * Before everything is read, Rotate reads the database as the other screens' rotations do.
 */
export function useRotate(held: Held) {
  // With the database it was made in: another household's screen never shows it.
  const [made, setMade] = useState<{ db: ToyDatabase; rotation: RotationDoc } | null>(null);
  const pending = made && made.db === held.db ? made.rotation : null;
  const stored = held.rotations;
  const inStored = Boolean(pending && stored?.some((rotation) => rotation.id === pending.id));
  // Once the database's list has it, that list alone is shown (so a later removal shows too).
  if (inStored) setMade(null);
  const known = pending && stored && !inStored ? pending : null;
  const rotations = useMemo(() => (known && stored ? [known, ...stored].sort(newestRotationFirst) : stored), [known, stored]);

  async function rotateNow(options: { childId: string; source: RotationSource }): Promise<PlannedRotation> {
    const { db, live, settings, collections } = held;
    if (!db) throw new Error('No database');
    if (!live || !rotations || settings === undefined || !collections) return rotate(db, options);
    const state: RotationState = {
      settings: settings ?? defaultSettings(db.householdId),
      toys: live.all(),
      rotations,
      isCollection: (id) => collections.some((list) => list.id === id && list.kind === 'collection'),
    };
    const planned = planRotation(state, options);
    setMade({ db, rotation: planned.rotation });
    try {
      await recordRotation(db, planned.rotation);
    } catch (error) {
      setMade((shown) => (shown?.rotation.id === planned.rotation.id ? null : shown));
      throw error;
    }
    return planned;
  }

  return { rotations, rotate: rotateNow, justRotated: known };
}
