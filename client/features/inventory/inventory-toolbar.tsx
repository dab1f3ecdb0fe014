import { useState } from 'react';
import type { ListDoc } from '../../../shared/schemas/docs.js';
import { isFilterActive, DEFAULT_SORT, type SortOrder, type ToyFilter } from '../../../shared/domain/toy-filters.js';
import { Button } from '../../components/button.js';
import { IconButton } from '../../components/icon-button.js';
import { FilterIcon, PlusIcon, SearchIcon, SortIcon } from '../../components/icons.js';
import { FilterPanel, SortPanel } from './filter-panel.js';

type InventoryToolbarProps = {
  filter: ToyFilter;
  sort: SortOrder;
  categories: ListDoc[];
  canAdd: boolean;
  onAdd: () => void;
  onFilter: (filter: ToyFilter) => void;
  onSort: (sort: SortOrder) => void;
};

export function InventoryToolbar({ filter, sort, categories, canAdd, onAdd, onFilter, onSort }: InventoryToolbarProps) {
  const [open, setOpen] = useState<'filter' | 'sort' | null>(null);
  const toggle = (panel: 'filter' | 'sort') => setOpen(open === panel ? null : panel);

  return (
    <div className="tr-toolbar-wrap">
      <div className="tr-toolbar">
        <IconButton label="Add toy" filled onClick={onAdd} disabled={!canAdd}>
          <PlusIcon />
        </IconButton>
        <div className="tr-search">
          <SearchIcon size={20} className="tr-search__icon" />
          <label className="visually-hidden" htmlFor="toy-search">
            Search toys by title
          </label>
          <input
            id="toy-search"
            className="input tr-search__input"
            type="search"
            placeholder="Search toys"
            value={filter.search}
            onChange={(event) => onFilter({ ...filter, search: event.target.value })}
          />
        </div>
        <Button
          variant={isFilterActive(filter) ? 'accent' : 'secondary'}
          size="small"
          icon={<FilterIcon size={18} />}
          aria-expanded={open === 'filter'}
          aria-controls="filter-panel"
          onClick={() => toggle('filter')}
        >
          Filter
        </Button>
        <Button
          variant={sort !== DEFAULT_SORT ? 'accent' : 'secondary'}
          size="small"
          icon={<SortIcon size={18} />}
          aria-expanded={open === 'sort'}
          aria-controls="sort-panel"
          onClick={() => toggle('sort')}
        >
          Sort
        </Button>
      </div>
      {open === 'filter' && <FilterPanel filter={filter} categories={categories} onChange={onFilter} />}
      {open === 'sort' && <SortPanel sort={sort} onChange={onSort} />}
    </div>
  );
}
