import { useState, type FormEvent } from 'react';
import { LIST_NAME_MAX } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import { EmptyState } from '../../components/empty-state.js';
import { CollectionsIcon, PlusIcon } from '../../components/icons.js';
import { ScreenHeader } from '../../components/screen-header.js';
import { Spinner } from '../../components/spinner.js';
import { FlashMessage } from '../../components/flash-message.js';
import { useTimedMessage } from '../../components/use-timed-message.js';
import { useLists, useSettings, useToys } from '../../hooks/use-local-data.js';
import { useUserDb } from '../../hooks/use-user-db.js';
import { addList } from '../../db/ops/lists.js';
import { OpError } from '../../db/ops/errors.js';
import { collectionLimit } from '../../hooks/collection-limit.js';
import { CollectionView } from './collection-view.js';
import './collections.css';

export function CollectionsPage() {
  const { db, opening, guest } = useUserDb();
  const toys = useToys(db);
  const collections = useLists(db, 'collection');
  const settings = useSettings(db);
  const [openId, setOpenId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const { message: flash, show: showFlash } = useTimedMessage();
  const limitProblem = collectionLimit(collections?.length ?? 0, settings).problem;
  const open = collections?.find((collection) => collection.id === openId);

  async function create(event: FormEvent) {
    event.preventDefault();
    if (!db || !collections) return;
    if (limitProblem) return showFlash(limitProblem, 'danger');
    try {
      const submitted = name;
      const added = await addList(db, 'collection', submitted);
      if (added) {
        showFlash(`Added collection ${added.name}`, 'success');
        // Keep whatever the parent typed meanwhile.
        setName((current) => (current === submitted ? '' : current));
      }
    } catch (error) {
      console.error('Adding a collection failed', error);
      showFlash(error instanceof OpError ? error.message : 'Something went wrong! Try again later!', 'danger');
    }
  }

  const loading = opening || (db && (!toys || !collections));
  return (
    <div className="page tr-page">
      <ScreenHeader title="Collections" guest={guest} />
      <FlashMessage message={flash} />
      {loading ? (
        <p className="tr-loading">
          <Spinner label="Loading your collections" />
        </p>
      ) : db && open && toys ? (
        <CollectionView db={db} collection={open} toys={toys} onBack={() => setOpenId(null)} onMessage={showFlash} />
      ) : (
        <>
          <form className="tr-new-collection" onSubmit={create}>
            <label className="visually-hidden" htmlFor="new-collection-name">
              New collection name
            </label>
            <input
              id="new-collection-name"
              className="input"
              placeholder="New collection, e.g. Bath time"
              maxLength={LIST_NAME_MAX}
              value={name}
              disabled={!db}
              onChange={(event) => setName(event.target.value)}
            />
            <Button type="submit" icon={<PlusIcon size={18} />} disabled={!db}>
              Add collection
            </Button>
          </form>
          {limitProblem && <p className="muted">{limitProblem}</p>}
          {collections && collections.length > 0 ? (
            <ul className="tr-collections" aria-label="Collections">
              {collections.map((collection) => {
                const count = toys?.filter((toy) => toy.collectionIds.includes(collection.id)).length ?? 0;
                return (
                  <li key={collection.id}>
                    <button type="button" className="tr-collection-card" onClick={() => setOpenId(collection.id)}>
                      <CollectionsIcon size={32} />
                      <span className="tr-collection-card__name">{collection.name}</span>
                      <span className="tr-collection-card__count">
                        {count} {count === 1 ? 'toy' : 'toys'}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : (
            <EmptyState icon={<CollectionsIcon size={40} />} title="No collections yet">
              Group toys that belong together, like bath toys or a travel bag.
            </EmptyState>
          )}
        </>
      )}
    </div>
  );
}
