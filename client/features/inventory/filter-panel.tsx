import type { ListDoc } from '../../../shared/schemas/docs.js';
import {
  DATE_RANGES,
  DATE_RANGE_LABELS,
  DEFAULT_FILTER,
  DEFAULT_SORT,
  SORT_LABELS,
  SORT_ORDERS,
  type SortOrder,
  type ToyFilter,
} from '../../../shared/domain/toy-filters.js';
import { Button } from '../../components/button.js';

type FilterPanelProps = { filter: ToyFilter; categories: ListDoc[]; onChange: (filter: ToyFilter) => void };

export function FilterPanel({ filter, categories, onChange }: FilterPanelProps) {
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
        </fieldset>
      </div>
      <Button variant="secondary" size="small" onClick={() => onChange({ ...DEFAULT_FILTER, search: filter.search })}>
        Reset filters
      </Button>
    </section>
  );
}

type SortPanelProps = { sort: SortOrder; onChange: (sort: SortOrder) => void };

export function SortPanel({ sort, onChange }: SortPanelProps) {
  return (
    <section id="sort-panel" className="panel tr-options" aria-label="Sort toys">
      <fieldset className="tr-fieldset">
        <legend>Sort by</legend>
        <div className="tr-options__inline">
          {SORT_ORDERS.map((order) => (
            <label key={order} className="checkbox tr-choice">
              <input
                type="radio"
                name="sort-order"
                value={order}
                checked={sort === order}
                onChange={() => onChange(order)}
              />
              <span>{SORT_LABELS[order]}</span>
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
