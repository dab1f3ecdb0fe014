import { useMemo, useState } from 'react';
import { UNCATEGORIZED_ID, type ToyDoc } from '../../../shared/schemas/docs.js';
import { DEFAULT_FILTER, DEFAULT_SORT, filterToys, sortToys, type SortOrder, type ToyFilter } from '../../../shared/domain/toy-filters.js';
import { PLANS } from '../../../shared/domain/plans.js';
import { setTipsDismissed } from '../../db/ops/settings.js';
import { ScreenHeader } from '../../components/screen-header.js';
import { Spinner } from '../../components/spinner.js';
import { FlashMessage } from '../../components/flash-message.js';
import { AddToyDialog } from './add-toy-dialog.js';
import { InventoryToolbar } from './inventory-toolbar.js';
import { TipsPanel, TIPS_DISMISSED_KEY, tipsDismissedLocally } from './tips-panel.js';
import { ToyDetailDialog } from './toy-detail-dialog.js';
import { ToyGallery } from './toy-gallery.js';
import { useTimedMessage } from '../../components/use-timed-message.js';
import { useLists, useListNames, useAllLists, useSettings, useToys } from '../../hooks/use-local-data.js';
import { useUserDb } from '../../hooks/use-user-db.js';
import './inventory.css';

/** Placeholder limit before sign-in (spec section 3). */
export const GUEST_TOYS_LIMIT = 1;

export function InventoryPage() {
  const { db, userId, opening, guest } = useUserDb();
  const toys = useToys(db);
  const lists = useAllLists(db);
  const categories = useLists(db, 'category') ?? [];
  const names = useListNames(lists);
  const settings = useSettings(db);
  const [filter, setFilter] = useState<ToyFilter>(DEFAULT_FILTER);
  const [sort, setSort] = useState<SortOrder>(DEFAULT_SORT);
  const [adding, setAdding] = useState(false);
  const [openToyId, setOpenToyId] = useState<string | null>(null);
  const [tipsHidden, setTipsHidden] = useState(tipsDismissedLocally);
  const { message: flash, show: showFlash } = useTimedMessage();

  // Settings arrive with the first sync; until then a signed-in parent gets the free plan's limit.
  const toysLimit = settings?.toysLimit ?? (guest ? GUEST_TOYS_LIMIT : PLANS.free.toysLimit);
  const shown = useMemo(
    () => sortToys(filterToys(toys ?? [], filter, Date.now()), sort, (id) => names.get(id) ?? 'Uncategorized'),
    [toys, filter, sort, names],
  );
  const openToy: ToyDoc | undefined = toys?.find((toy) => toy.id === openToyId);
  const showTips = Boolean(db) && !tipsHidden && settings?.tipsDismissed !== true && settings !== undefined;

  function dismissTips() {
    setTipsHidden(true);
    try {
      localStorage.setItem(TIPS_DISMISSED_KEY, 'true');
    } catch {
      // Private mode without storage: the settings flag below still remembers it.
    }
    if (db) void setTipsDismissed(db).catch((error: unknown) => console.error('Could not store the tips flag', error));
  }

  return (
    <div className="page tr-page">
      <ScreenHeader title="Inventory" guest={guest}>
        <p className="tr-count" aria-live="polite">
          {toys ? toys.length : 0} / {toysLimit} toys
        </p>
      </ScreenHeader>
      {showTips && <TipsPanel onDismiss={dismissTips} />}
      <FlashMessage message={flash} />
      <InventoryToolbar
        filter={filter}
        sort={sort}
        categories={categories}
        canAdd={Boolean(db && userId)}
        onAdd={() => setAdding(true)}
        onFilter={setFilter}
        onSort={setSort}
      />
      {opening || (db && !toys) ? (
        <p className="tr-loading">
          <Spinner label="Loading your toys" />
        </p>
      ) : (
        <ToyGallery
          toys={shown}
          total={toys?.length ?? 0}
          names={names}
          onOpen={setOpenToyId}
          onAdd={db ? () => setAdding(true) : undefined}
        />
      )}
      {adding && db && userId && (
        <AddToyDialog
          db={db}
          userId={userId}
          categories={categories.length ? categories : [{ id: UNCATEGORIZED_ID, kind: 'category', name: 'Uncategorized', position: 0, createdAt: 0 }]}
          toyCount={toys?.length ?? 0}
          toysLimit={toysLimit}
          onClose={() => setAdding(false)}
          onAdded={(message) => {
            setAdding(false);
            showFlash(message, 'success');
          }}
        />
      )}
      {openToy && db && userId && (
        <ToyDetailDialog
          key={openToy.id}
          db={db}
          userId={userId}
          toy={openToy}
          categories={categories}
          names={names}
          onClose={() => setOpenToyId(null)}
          onDeleted={(message) => {
            setOpenToyId(null);
            showFlash(message, 'success');
          }}
        />
      )}
    </div>
  );
}
