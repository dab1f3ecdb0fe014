import type { ListDoc } from '../../../shared/schemas/docs.js';
import { DATE_RANGES, DATE_RANGE_LABELS, DEFAULT_SORT } from '../../../shared/domain/toy-filters.js';
import { Button } from '../../components/button.js';
import { Select } from '../../components/fields.js';
import { DEFAULT_INVENTORY_FILTER, INVENTORY_SORTS, INVENTORY_SORT_LABELS, type InventoryFilter, type InventorySort } from './shelf.js';

type FilterPanelProps = {
  filter: InventoryFilter;
  categories: ListDoc[];
  places: string[];
  onChange: (filter: InventoryFilter) => void;
};

const ANY_PLACE = '*';

export function FilterPanel({ filter, categories, places, onChange }: FilterPanelProps) {
  const toggleCategory = (id: string, on: boolean) =>
    onChange({
      ...filter,
      categoryIds: on ? [...filter.categoryIds, id] : filter.categoryIds.filter((categoryId) => categoryId !== id),
    });
  return (
    <section id="filter-panel" className="panel tr-options" aria-label="Filter toys">
      <div className="tr-options__groups">
        <fieldset className="tr-fieldset">
          <legend>Date added</legend>
          {DATE_RANGES.map((range) => (
            <label key={range} className="checkbox tr-choice">
              <input
                type="radio"
                name="filter-date"
                value={range}
                checked={filter.date === range}
                onChange={() => onChange({ ...filter, date: range })}
              />
              <span>{DATE_RANGE_LABELS[range]}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className="tr-fieldset">
          <legend>Categories</legend>
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
          <legend>Rotation</legend>
          <label className="checkbox tr-choice">
            <input
              type="checkbox"
              checked={filter.excluded}
              onChange={(event) => onChange({ ...filter, excluded: event.target.checked })}
            />
            <span>Excluded</span>
          </label>
          <label className="checkbox tr-choice">
            <input
              type="checkbox"
              checked={filter.kept}
              onChange={(event) => onChange({ ...filter, kept: event.target.checked })}
            />
            <span>Kept</span>
          </label>
          <label className="checkbox tr-choice">
            <input
              type="checkbox"
              checked={filter.retired}
              onChange={(event) => onChange({ ...filter, retired: event.target.checked })}
            />
            <span>Retired</span>
          </label>
        </fieldset>
        <fieldset className="tr-fieldset">
          <legend>Storage place</legend>
          <Select
            label="Stored in"
            name="filter-place"
            value={filter.place ?? ANY_PLACE}
            onChange={(event) => onChange({ ...filter, place: event.target.value === ANY_PLACE ? null : event.target.value })}
            options={[
              { value: ANY_PLACE, label: 'Any place' },
              ...places.map((place) => ({ value: place, label: place })),
              { value: '', label: 'No storage place' },
            ]}
          />
        </fieldset>
      </div>
      <Button variant="secondary" size="small" onClick={() => onChange({ ...DEFAULT_INVENTORY_FILTER, search: filter.search })}>
        Reset filters
      </Button>
    </section>
  );
}

type SortPanelProps = { sort: InventorySort; onChange: (sort: InventorySort) => void };

export function SortPanel({ sort, onChange }: SortPanelProps) {
  return (
    <section id="sort-panel" className="panel tr-options" aria-label="Sort toys">
      <fieldset className="tr-fieldset">
        <legend>Sort by</legend>
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
              <span>{INVENTORY_SORT_LABELS[order]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button variant="secondary" size="small" onClick={() => onChange(DEFAULT_SORT)}>
        Reset sort
      </Button>
    </section>
  );
}
