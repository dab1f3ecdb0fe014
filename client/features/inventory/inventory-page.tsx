import { useMemo, useState } from 'react';
import { UNCATEGORIZED_ID, type ToyDoc } from '../../../shared/schemas/docs.js';
import { DEFAULT_SORT } from '../../../shared/domain/toy-filters.js';
import { PLANS, TOYS_LIMIT_MESSAGE } from '../../../shared/domain/plans.js';
import { overLimitIds, toysOverLimitMessage } from '../../../shared/domain/over-limit.js';
import { setTipsDismissed } from '../../db/ops/settings.js';
import { ScreenHeader } from '../../components/screen-header.js';
import { Spinner } from '../../components/spinner.js';
import { FlashMessage } from '../../components/flash-message.js';
import { AddToyDialog } from './add-toy-dialog.js';
import { useBenchHook } from './bench-hook.js';
import { announceAddedToy } from './photo-upload-outcome.js';
import { InventoryToolbar } from './inventory-toolbar.js';
import { TipsPanel, TIPS_DISMISSED_KEY, tipsDismissedLocally } from './tips-panel.js';
import { ToyDetailDialog } from './toy-detail-dialog.js';
import { ToyGallery } from './toy-gallery.js';
import { DEFAULT_INVENTORY_FILTER, filterShelf, sortShelf, usedPlaces, type InventoryFilter, type InventorySort } from './shelf.js';
import { useTimedMessage } from '../../hooks/use-timed-message.js';
import { useLists, useListNames, useAllLists, useRotations, useSettings, useToys } from '../../hooks/use-local-data.js';
import { namedChildren } from '../../hooks/use-children.js';
import { useUserDb } from '../../hooks/use-user-db.js';
import './inventory.css';

/** Placeholder limit before sign-in (spec section 3). */
const GUEST_TOYS_LIMIT = 1;

export function InventoryPage() {
  const { db, householdId, opening, guest } = useUserDb();
  const toys = useToys(db);
  const lists = useAllLists(db);
  const categories = useLists(db, 'category') ?? [];
  const names = useListNames(lists);
  const settings = useSettings(db);
  const rotations = useRotations(db);
  const children = useMemo(() => namedChildren(settings), [settings]);
  const [filter, setFilter] = useState<InventoryFilter>(DEFAULT_INVENTORY_FILTER);
  const [sort, setSort] = useState<InventorySort>(DEFAULT_SORT);
  const [adding, setAdding] = useState(false);
  const [openToyId, setOpenToyId] = useState<string | null>(null);
  const [tipsHidden, setTipsHidden] = useState(tipsDismissedLocally);
  const { message: flash, show: showFlash } = useTimedMessage();
  useBenchHook(db);
  // The date filter's reference time: when the page opened (rendering must not read the clock).
  const [now] = useState(() => Date.now());

  // Settings arrive with the first sync; until then a signed-in parent gets the free plan's limit.
  const toysLimit = settings?.toysLimit ?? (guest ? GUEST_TOYS_LIMIT : PLANS.free.toysLimit);
  const shown = useMemo(
    () => sortShelf(filterShelf(toys ?? [], filter, now), sort, (id) => names.get(id) ?? 'Uncategorized'),
    [toys, filter, now, sort, names],
  );
  const places = useMemo(() => usedPlaces(toys ?? []), [toys]);
  // Retired toys leave the active inventory and do not count against the plan's limit.
  const activeCount = useMemo(() => (toys ?? []).filter((toy) => !toy.retired).length, [toys]);
  // Toys two offline devices added past the limit are kept and marked (decision 008).
  const overLimit = useMemo(() => overLimitIds((toys ?? []).filter((toy) => !toy.retired), toysLimit), [toys, toysLimit]);
  const openToy: ToyDoc | undefined = toys?.find((toy) => toy.id === openToyId);
  const showTips = Boolean(db) && !tipsHidden && settings?.tipsDismissed !== true && settings !== undefined;
  const loading = opening || Boolean(db && (!toys || settings === undefined));

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
          {activeCount} / {toysLimit} toys
        </p>
      </ScreenHeader>
      {loading ? (
        // Toys and settings arrive as separate reads: the tips, toolbar and cards appear
        // together once both are here, so nothing on screen moves (layout shift, issue 16).
        <p className="tr-loading">
          <Spinner label="Loading your toys" />
        </p>
      ) : (
        <>
          {showTips && <TipsPanel onDismiss={dismissTips} />}
          {overLimit.size > 0 && (
            <p className="alert alert--warning" role="status">
              {toysOverLimitMessage(activeCount, toysLimit, settings?.plan ?? 'free')}
            </p>
          )}
          <FlashMessage message={flash} />
          <InventoryToolbar
            filter={filter}
            sort={sort}
            categories={categories}
            places={places}
            canAdd={Boolean(db && householdId)}
            addBlocked={db && toys && activeCount >= toysLimit ? `${TOYS_LIMIT_MESSAGE}: ${activeCount} of ${toysLimit} toys.` : null}
            onAdd={() => setAdding(true)}
            onFilter={setFilter}
            onSort={setSort}
          />
          <ToyGallery
            toys={shown}
            total={filter.retired ? (toys?.length ?? 0) : activeCount}
            names={names}
            overLimit={overLimit}
            onOpen={setOpenToyId}
            onAdd={db ? () => setAdding(true) : undefined}
          />
        </>
      )}
      {adding && db && householdId && (
        <AddToyDialog
          db={db}
          householdId={householdId}
          categories={categories.length ? categories : [{ id: UNCATEGORIZED_ID, kind: 'category', name: 'Uncategorized', position: 0, createdAt: 0 }]}
          places={places}
          toyCount={activeCount}
          toysLimit={toysLimit}
          onClose={() => setAdding(false)}
          onAdded={(mediaId) => {
            setAdding(false);
            void announceAddedToy(householdId, mediaId, showFlash);
          }}
        />
      )}
      {openToy && db && householdId && (
        <ToyDetailDialog
          key={openToy.id}
          db={db}
          householdId={householdId}
          toy={openToy}
          categories={categories}
          places={places}
          names={names}
          rotations={rotations ?? []}
          children={children}
          overLimit={overLimit.has(openToy.id)}
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
