import { useTranslation } from 'react-i18next';
import type { ListDoc } from '../../../shared/schemas/docs.js';
import { Select } from '../../components/fields.js';

const ANY_COLLECTION = '*';

type CollectionFilterProps = { collections: readonly ListDoc[]; value: string | null; onChange: (collectionId: string | null) => void };

/** The Inventory's collection filter (decision 047): one collection, toys in none, or any. */
export function CollectionFilter({ collections, value, onChange }: CollectionFilterProps) {
  const { t } = useTranslation('collectionRotation');
  if (collections.length === 0) return null;
  return (
    <fieldset className="tr-fieldset">
      <legend>{t('filter.legend')}</legend>
      <Select
        label={t('filter.label')}
        name="filter-collection"
        value={value ?? ANY_COLLECTION}
        onChange={(event) => onChange(event.target.value === ANY_COLLECTION ? null : event.target.value)}
        options={[
          { value: ANY_COLLECTION, label: t('filter.any') },
          ...collections.map((collection) => ({ value: collection.id, label: collection.name })),
          { value: '', label: t('filter.none') },
        ]}
      />
    </fieldset>
  );
}
