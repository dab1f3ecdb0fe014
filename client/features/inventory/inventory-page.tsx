import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { UNCATEGORIZED_ID, type ToyDoc } from '../../../shared/schemas/docs.js';
import { DEFAULT_SORT } from '../../../shared/domain/toy-filters.js';
import { PLANS } from '../../../shared/domain/plans.js';
import { overLimitIds } from '../../../shared/domain/over-limit.js';
import { setTipsDismissed } from '../../db/ops/settings.js';
import { ScreenHeader } from '../../components/screen-header.js';
import { Spinner } from '../../components/spinner.js';
import { FlashMessage } from '../../components/flash-message.js';
import { ToysOverLimitNotice } from './toys-over-limit.js';
import { AddToyDialog } from './add-toy-dialog.js';
import { BatchAddDialog } from './batch-add-dialog.js';
import { announceAddedToys } from './batch-announce.js';
import { dragHasFiles, droppedImages } from './batch-photo-input.js';
import { offerStarterCategories, StarterCategories } from './starter-categories.js';
import { useBenchHook } from './bench-hook.js';
import { announceAddedToy } from './photo-upload-outcome.js';
import { InventoryToolbar } from './inventory-toolbar.js';
import { TipsPanel, TIPS_DISMISSED_KEY, tipsDismissedLocally } from './tips-panel.js';
import { ToyDetailDialog } from './toy-detail-dialog.js';
import { ToyGallery } from './toy-gallery.js';
import { PlaceSummary } from './place-summary.js';
import { DEFAULT_INVENTORY_FILTER, shelfMatcher, shelfOrder, usedPlaces, type InventoryFilter, type InventorySort } from './shelf.js';
import { useTimedMessage } from '../../hooks/use-timed-message.js';
import { useLists, useListNames, useAllLists, useRotations, useSettings } from '../../hooks/use-local-data.js';
import { useLiveToys } from '../../hooks/live-toys.js';
import { namedChildren } from '../../hooks/use-children.js';
import { useUserDb } from '../../hooks/use-user-db.js';
import './inventory.css';

/** Placeholder limit before sign-in (spec section 3). */
const GUEST_TOYS_LIMIT = 1;
const NONE_OVER: ReadonlySet<string> = new Set();

export function InventoryPage() {
  const { t } = useTranslation('inventory');
  const { t: tBatch } = useTranslation('batch');
  const { db, householdId, opening, guest } = useUserDb();
  // Toys live, by id: a change to one toy updates the shown list for that toy only (live-toys.ts).
  const { live, version } = useLiveToys(db);
  const lists = useAllLists(db);
  const categories = useLists(db, 'category') ?? [];
  const names = useListNames(lists);
  const settings = useSettings(db);
  const rotations = useRotations(db);
  const children = useMemo(() => namedChildren(settings), [settings]);
  const collections = useLists(db, 'collection') ?? [];
  // A bin label's QR code opens /inventory?place=<its place> (decision 048): that place's
  // summary, and the toys stored there.
  const [params] = useSearchParams();
  const linkedPlace = params.get('place')?.trim() || null;
  const [filter, setFilter] = useState<InventoryFilter>(() => ({ ...DEFAULT_INVENTORY_FILTER, place: linkedPlace }));
  const [shownPlace, setShownPlace] = useState(linkedPlace);
  if (shownPlace !== linkedPlace) {
    // Another label scanned (or the link left) while the page is open.
    setShownPlace(linkedPlace);
    setFilter((current) => ({ ...current, place: linkedPlace }));
  }
  const [sort, setSort] = useState<InventorySort>(DEFAULT_SORT);
  const [adding, setAdding] = useState(false);
  /** Photos for many toys at once (picked in the toolbar or dropped on the page); null when closed. */
  const [manyPhotos, setManyPhotos] = useState<File[] | null>(null);
  const [openToyId, setOpenToyId] = useState<string | null>(null);
  const [tipsHidden, setTipsHidden] = useState(tipsDismissedLocally);
  const { message: flash, show: showFlash } = useTimedMessage();
  useBenchHook(db);
  // The date filter's reference time: when the page opened (rendering must not read the clock).
  const [now] = useState(() => Date.now());

  // Settings arrive with the first sync; until then a signed-in parent gets the free plan's limit.
  const toysLimit = settings?.toysLimit ?? (guest ? GUEST_TOYS_LIMIT : PLANS.free.toysLimit);
  const matches = useMemo(() => shelfMatcher(filter, now), [filter, now]);
  const order = useMemo(() => shelfOrder<ToyDoc>(sort, (id) => names.get(id) ?? t('uncategorized')), [sort, names, t]);
  const shown = live?.shelfFor(matches, order) ?? null;
  const withPlaces = live?.withPlaces();
  const places = useMemo(() => usedPlaces(withPlaces ?? []), [withPlaces]);
  // Retired toys leave the active inventory and do not count against the plan's limit.
  const activeCount = live?.activeCount ?? 0;
  // Toys two offline devices added past the limit are kept and marked (decision 008). Only an
  // inventory over its limit has any: only then are the active toys gone through.
  const overLimitNow = activeCount > toysLimit;
  const overLimit = useMemo(
    () => (live && overLimitNow ? overLimitIds([...live.all()].filter((toy) => !toy.retired), toysLimit) : NONE_OVER),
    // version: the toys changed (read through `live`, which stays the same object)
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [live, version, overLimitNow, toysLimit],
  );
  const openToy: ToyDoc | undefined = live?.get(openToyId);
  const showTips = Boolean(db) && !tipsHidden && settings?.tipsDismissed !== true && settings !== undefined;
  const loading = opening || Boolean(db && (!live || settings === undefined));
  const addCategories = categories.length ? categories : [{ id: UNCATEGORIZED_ID, kind: 'category' as const, name: t('uncategorized'), position: 0, createdAt: 0 }];
  // What both add dialogs need from this page (AddToysContext but their own onClose); none
  // without a database.
  const addTo = db && householdId ? { db, householdId, categories: addCategories, places, toyCount: activeCount, toysLimit } : null;
  const canAdd = addTo !== null;
  // Only once the categories are read too: a household with some never sees the offer flash by.
  const offerStarter = Boolean(db && settings && live && lists && offerStarterCategories(settings.starterCategoriesDone, categories, live.size));

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
    <div
      className="page tr-page"
      // Photos dropped anywhere on the inventory (desktop) open the review list for many toys.
      // A drop the page does not take is still taken from the browser, which would otherwise
      // open the file in place of the app (and a half-filled form with it).
      onDragOver={(event) => {
        if (dragHasFiles(event)) event.preventDefault();
      }}
      onDrop={(event) => {
        if (!dragHasFiles(event)) return;
        const files = droppedImages(event);
        if (canAdd && !adding && !manyPhotos && files.length) setManyPhotos(files);
      }}
    >
      <ScreenHeader title={t('title')} guest={guest}>
        <p className="tr-count" aria-live="polite">
          {t('count', { count: activeCount, limit: toysLimit })}
        </p>
      </ScreenHeader>
      {loading ? (
        // Toys and settings arrive as separate reads: the tips, toolbar and cards appear
        // together once both are here, so nothing on screen moves (layout shift, issue 16).
        <p className="tr-loading">
          <Spinner label={t('loading')} />
        </p>
      ) : (
        <>
          {/* A scanned bin label's place first: that is what the parent came for. */}
          {linkedPlace && live && (
            <PlaceSummary place={linkedPlace} toys={withPlaces ?? []} rotations={rotations ?? []} children={children} onOpen={setOpenToyId} />
          )}
          {offerStarter && db && <StarterCategories db={db} categories={categories} onMessage={showFlash} />}
          {showTips && <TipsPanel onDismiss={dismissTips} />}
          {overLimit.size > 0 && (
            <p className="alert alert--warning" role="status">
              <ToysOverLimitNotice count={activeCount} limit={toysLimit} plan={settings?.plan ?? 'free'} />
            </p>
          )}
          <FlashMessage message={flash} />
          <InventoryToolbar
            filter={filter}
            sort={sort}
            categories={categories}
            places={places}
            collections={collections}
            canAdd={canAdd}
            addBlocked={db && live && activeCount >= toysLimit ? t('limitReachedCount', { count: activeCount, limit: toysLimit }) : null}
            onAdd={() => setAdding(true)}
            onAddMany={setManyPhotos}
            onFilter={setFilter}
            onSort={setSort}
          />
          <ToyGallery
            toys={shown}
            version={version}
            total={filter.retired ? (live?.size ?? 0) : activeCount}
            names={names}
            overLimit={overLimit}
            onOpen={setOpenToyId}
            onAdd={db ? () => setAdding(true) : undefined}
          />
        </>
      )}
      {adding && addTo && (
        <AddToyDialog
          {...addTo}
          onClose={() => setAdding(false)}
          onAdded={(mediaId) => {
            setAdding(false);
            void announceAddedToy(addTo.householdId, mediaId, showFlash);
          }}
        />
      )}
      {manyPhotos && addTo && (
        <BatchAddDialog
          {...addTo}
          plan={settings?.plan ?? 'free'}
          files={manyPhotos}
          onClose={() => setManyPhotos(null)}
          onAdded={(mediaIds) => void announceAddedToys(addTo.householdId, mediaIds, tBatch, showFlash)}
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
