import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListDoc } from '../../../shared/schemas/docs.js';
import { ALL_TOYS, type RotationSource } from '../../../shared/domain/rotation-source.js';
import { Select } from '../../components/fields.js';
import './rotation-source.css';

// Where Rotate draws from (decision 047): every toy (the spec's rule, the default) or one
// collection. Remembered on this device, like the chosen child: a parent who rotates the
// bath toys each evening comes back to them.

const SOURCE_KEY = 'rotationSource';
const ALL = '';

function storedChoice(): string {
  try {
    return localStorage.getItem(SOURCE_KEY) ?? ALL;
  } catch {
    return ALL;
  }
}

/** The chosen source; a collection deleted meanwhile (here or on another device) falls back to every toy. */
export function useRotationSource(collections: readonly ListDoc[] | undefined) {
  const [chosen, setChosen] = useState(storedChoice);
  const exists = chosen !== ALL && Boolean(collections?.some((collection) => collection.id === chosen));
  const source: RotationSource = exists ? { kind: 'collection', collectionId: chosen } : ALL_TOYS;
  const choose = useCallback((collectionId: string) => {
    setChosen(collectionId);
    try {
      localStorage.setItem(SOURCE_KEY, collectionId);
    } catch {
      // Private mode: the choice lasts until the page closes.
    }
  }, []);
  return { source, value: exists ? chosen : ALL, choose };
}

type RotationSourcePickerProps = { collections: readonly ListDoc[]; value: string; onChange: (collectionId: string) => void };

/** Shown once the household has a collection (before that, every toy is the only choice). */
export function RotationSourcePicker({ collections, value, onChange }: RotationSourcePickerProps) {
  const { t } = useTranslation('collectionRotation');
  if (collections.length === 0) return null;
  return (
    <div className="tr-source">
      <Select
        label={t('drawFrom.label')}
        hint={t('drawFrom.hint')}
        name="rotation-source"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        options={[{ value: ALL, label: t('drawFrom.all') }, ...collections.map((collection) => ({ value: collection.id, label: collection.name }))]}
      />
    </div>
  );
}

