import { useTranslation } from 'react-i18next';
import type { ListDoc } from '../../../shared/schemas/docs.js';
import { DATE_RANGES, DEFAULT_SORT } from '../../../shared/domain/toy-filters.js';
import { Button } from '../../components/button.js';
import { Select } from '../../components/fields.js';
import { CollectionFilter } from './collection-filter.js';
import { DEFAULT_INVENTORY_FILTER, INVENTORY_SORTS, type InventoryFilter, type InventorySort } from './shelf.js';

type FilterPanelProps = {
  filter: InventoryFilter;
  categories: ListDoc[];
  places: string[];
  collections: readonly ListDoc[];
  onChange: (filter: InventoryFilter) => void;
};

const ANY_PLACE = '*';

export function FilterPanel({ filter, categories, places, collections, onChange }: FilterPanelProps) {
  const { t } = useTranslation('inventory');
  const toggleCategory = (id: string, on: boolean) =>
    onChange({
      ...filter,
      categoryIds: on ? [...filter.categoryIds, id] : filter.categoryIds.filter((categoryId) => categoryId !== id),
    });
  return (
    <section id="filter-panel" className="panel tr-options" aria-label={t('filter.label')}>
      <div className="tr-options__groups">
        <fieldset className="tr-fieldset">
          <legend>{t('filter.dateAdded')}</legend>
          {DATE_RANGES.map((range) => (
            <label key={range} className="checkbox tr-choice">
              <input
                type="radio"
                name="filter-date"
                value={range}
                checked={filter.date === range}
                onChange={() => onChange({ ...filter, date: range })}
              />
              <span>{t(`filter.dates.${range}`)}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className="tr-fieldset">
          <legend>{t('filter.categories')}</legend>
          {categories.map((category) => (
            <label key={category.id} className="checkbox tr-choice">
              <input
                type="checkbox"
                checked={filter.categoryIds.includes(category.id)}
                onChange={(event) => toggleCategory(category.id, event.target.checked)}
              />
              <span>{category.name}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className="tr-fieldset">
          <legend>{t('filter.rotation')}</legend>
          <label className="checkbox tr-choice">
            <input
              type="checkbox"
              checked={filter.excluded}
              onChange={(event) => onChange({ ...filter, excluded: event.target.checked })}
            />
            <span>{t('filter.excluded')}</span>
          </label>
          <label className="checkbox tr-choice">
            <input
              type="checkbox"
              checked={filter.kept}
              onChange={(event) => onChange({ ...filter, kept: event.target.checked })}
            />
            <span>{t('filter.kept')}</span>
          </label>
          <label className="checkbox tr-choice">
            <input
              type="checkbox"
              checked={filter.retired}
              onChange={(event) => onChange({ ...filter, retired: event.target.checked })}
            />
            <span>{t('filter.retired')}</span>
          </label>
        </fieldset>
        <fieldset className="tr-fieldset">
          <legend>{t('filter.storagePlace')}</legend>
          <Select
            label={t('filter.storedIn')}
            name="filter-place"
            value={filter.place ?? ANY_PLACE}
            onChange={(event) => onChange({ ...filter, place: event.target.value === ANY_PLACE ? null : event.target.value })}
            options={[
              { value: ANY_PLACE, label: t('filter.anyPlace') },
              ...places.map((place) => ({ value: place, label: place })),
              { value: '', label: t('filter.noPlace') },
            ]}
          />
        </fieldset>
        <CollectionFilter collections={collections} value={filter.collectionId} onChange={(collectionId) => onChange({ ...filter, collectionId })} />
      </div>
      <Button variant="secondary" size="small" onClick={() => onChange({ ...DEFAULT_INVENTORY_FILTER, search: filter.search })}>
        {t('filter.reset')}
      </Button>
    </section>
  );
}

type SortPanelProps = { sort: InventorySort; onChange: (sort: InventorySort) => void };

export function SortPanel({ sort, onChange }: SortPanelProps) {
  const { t } = useTranslation('inventory');
  return (
    <section id="sort-panel" className="panel tr-options" aria-label={t('sort.label')}>
      <fieldset className="tr-fieldset">
        <legend>{t('sort.sortBy')}</legend>
        <div className="tr-options__inline">
          {INVENTORY_SORTS.map((order) => (
            <label key={order} className="checkbox tr-choice">
              <input
                type="radio"
                name="sort-order"
                value={order}
                checked={sort === order}
                onChange={() => onChange(order)}
              />
              <span>{t(`sort.orders.${order}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button variant="secondary" size="small" onClick={() => onChange(DEFAULT_SORT)}>
        {t('sort.reset')}
      </Button>
    </section>
  );
}
