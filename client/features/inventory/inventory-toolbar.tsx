import { useState } from 'react';
import type { ListDoc } from '../../../shared/schemas/docs.js';
import { DEFAULT_SORT } from '../../../shared/domain/toy-filters.js';
import { Button } from '../../components/button.js';
import { IconButton } from '../../components/icon-button.js';
import { FilterIcon, PlusIcon, SearchIcon, SortIcon } from '../../components/icons.js';
import { FilterPanel, SortPanel } from './filter-panel.js';
import { isShelfFilterActive, type InventoryFilter, type InventorySort } from './shelf.js';

type InventoryToolbarProps = {
  filter: InventoryFilter;
  sort: InventorySort;
  categories: ListDoc[];
  places: string[];
  canAdd: boolean;
  /** Why adding is off (the plan's toy limit), shown beside the button; null when it is on. */
  addBlocked?: string | null;
  onAdd: () => void;
  onFilter: (filter: InventoryFilter) => void;
  onSort: (sort: InventorySort) => void;
};

export function InventoryToolbar({ filter, sort, categories, places, canAdd, addBlocked, onAdd, onFilter, onSort }: InventoryToolbarProps) {
  const [open, setOpen] = useState<'filter' | 'sort' | null>(null);
  const toggle = (panel: 'filter' | 'sort') => setOpen(open === panel ? null : panel);

  return (
    <div className="tr-toolbar-wrap">
      <div className="tr-toolbar">
        <IconButton
          label="Add toy"
          filled
          onClick={onAdd}
          disabled={!canAdd || Boolean(addBlocked)}
          aria-describedby={addBlocked ? 'add-toy-blocked' : undefined}
        >
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
          variant={isShelfFilterActive(filter) ? 'accent' : 'secondary'}
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
      {addBlocked && (
        <p className="muted tr-limit-reason" id="add-toy-blocked" role="status" data-testid="add-toy-blocked">
          {addBlocked}
        </p>
      )}
      {open === 'filter' && <FilterPanel filter={filter} categories={categories} places={places} onChange={onFilter} />}
      {open === 'sort' && <SortPanel sort={sort} onChange={onSort} />}
    </div>
  );
}
