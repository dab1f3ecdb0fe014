import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListDoc } from '../../../shared/schemas/docs.js';
import { DEFAULT_SORT } from '../../../shared/domain/toy-filters.js';
import { Button } from '../../components/button.js';
import { IconButton } from '../../components/icon-button.js';
import { FilterIcon, ImageIcon, PlusIcon, SearchIcon, SortIcon } from '../../components/icons.js';
import { ManyPhotosPicker } from './batch-photo-input.js';
import { FilterPanel, SortPanel } from './filter-panel.js';
import { isShelfFilterActive, type InventoryFilter, type InventorySort } from './shelf.js';

/** The reason adding is off, which both add buttons point to. */
const ADD_BLOCKED_ID = 'add-toy-blocked';

type InventoryToolbarProps = {
  filter: InventoryFilter;
  sort: InventorySort;
  categories: ListDoc[];
  places: string[];
  collections: readonly ListDoc[];
  canAdd: boolean;
  /** Why adding is off (the plan's toy limit), shown beside the button; null when it is on. */
  addBlocked?: string | null;
  onAdd: () => void;
  /** Photos picked for many toys at once (the review list opens with them). */
  onAddMany: (files: File[]) => void;
  onFilter: (filter: InventoryFilter) => void;
  onSort: (sort: InventorySort) => void;
};

export function InventoryToolbar({ filter, sort, categories, places, collections, canAdd, addBlocked, onAdd, onAddMany, onFilter, onSort }: InventoryToolbarProps) {
  const { t } = useTranslation(['inventory', 'batch']);
  const [open, setOpen] = useState<'filter' | 'sort' | null>(null);
  const toggle = (panel: 'filter' | 'sort') => setOpen(open === panel ? null : panel);

  return (
    <div className="tr-toolbar-wrap">
      <div className="tr-toolbar">
        <IconButton
          label={t('toolbar.add')}
          filled
          onClick={onAdd}
          disabled={!canAdd || Boolean(addBlocked)}
          aria-describedby={addBlocked ? 'add-toy-blocked' : undefined}
        >
          <PlusIcon />
        </IconButton>
        <ManyPhotosPicker
          className="icon-btn tr-many-photos"
          label={t('batch:open')}
          disabled={!canAdd || Boolean(addBlocked)}
          describedBy={addBlocked ? ADD_BLOCKED_ID : undefined}
          onFiles={onAddMany}
        >
          <ImageIcon />
        </ManyPhotosPicker>
        <div className="tr-search">
          <SearchIcon size={20} className="tr-search__icon" />
          <label className="visually-hidden" htmlFor="toy-search">
            {t('toolbar.searchLabel')}
          </label>
          <input
            id="toy-search"
            className="input tr-search__input"
            type="search"
            placeholder={t('toolbar.searchPlaceholder')}
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
          {t('toolbar.filter')}
        </Button>
        <Button
          variant={sort !== DEFAULT_SORT ? 'accent' : 'secondary'}
          size="small"
          icon={<SortIcon size={18} />}
          aria-expanded={open === 'sort'}
          aria-controls="sort-panel"
          onClick={() => toggle('sort')}
        >
          {t('toolbar.sort')}
        </Button>
      </div>
      {addBlocked && (
        <p className="muted tr-limit-reason" id="add-toy-blocked" role="status" data-testid="add-toy-blocked">
          {addBlocked}
        </p>
      )}
      {open === 'filter' && <FilterPanel filter={filter} categories={categories} places={places} collections={collections} onChange={onFilter} />}
      {open === 'sort' && <SortPanel sort={sort} onChange={onSort} />}
    </div>
  );
}
