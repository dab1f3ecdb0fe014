import type { ShowMessage } from '../../hooks/use-timed-message.js';
import { useState } from 'react';
import type { ListDoc, ToyDoc } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import { EmptyState } from '../../components/empty-state.js';
import { IconButton } from '../../components/icon-button.js';
import { ChevronLeftIcon, CollectionsIcon, MinusIcon, PlusIcon } from '../../components/icons.js';
import { ToyPhoto } from '../../components/toy-photo.js';
import type { ToyDatabase } from '../../db/database.js';
import { addToysToCollection, removeToyFromCollection } from '../../db/ops/toys.js';
import { AddToysDialog } from './add-toys-dialog.js';

type CollectionViewProps = {
  db: ToyDatabase;
  collection: ListDoc;
  toys: ToyDoc[];
  onBack: () => void;
  onMessage: ShowMessage;
};

export function CollectionView({ db, collection, toys, onBack, onMessage }: CollectionViewProps) {
  const [adding, setAdding] = useState(false);
  const inside = toys.filter((toy) => toy.collectionIds.includes(collection.id)).sort((a, b) => a.title.localeCompare(b.title));

  async function add(toyIds: string[]) {
    try {
      await addToysToCollection(db, toyIds, collection.id);
      setAdding(false);
      onMessage(`Added ${toyIds.length} ${toyIds.length === 1 ? 'toy' : 'toys'} to ${collection.name}`, 'success');
    } catch (error) {
      console.error('Adding toys to a collection failed', error);
      onMessage('Something went wrong! Try again later!', 'danger');
    }
  }

  async function remove(toy: ToyDoc) {
    try {
      await removeToyFromCollection(db, toy.id, collection.id);
      onMessage(`Removed ${toy.title} from ${collection.name}`, 'success');
    } catch (error) {
      console.error('Removing a toy from a collection failed', error);
      onMessage('Something went wrong! Try again later!', 'danger');
    }
  }

  return (
    <section aria-labelledby="collection-title">
      <Button variant="ghost" size="small" icon={<ChevronLeftIcon size={18} />} onClick={onBack}>
        All collections
      </Button>
      <div className="tr-collection-head">
        <h2 id="collection-title" className="tr-collection-head__title">
          {collection.name}
        </h2>
        <span className="muted">
          {inside.length} {inside.length === 1 ? 'toy' : 'toys'}
        </span>
        <IconButton label={`Add toys to ${collection.name}`} filled onClick={() => setAdding(true)}>
          <PlusIcon />
        </IconButton>
      </div>
      {inside.length === 0 ? (
        <EmptyState icon={<CollectionsIcon size={40} />} title="This collection is empty">
          Press + to put toys in it.
        </EmptyState>
      ) : (
        <ul className="tr-members" aria-label={`Toys in ${collection.name}`}>
          {inside.map((toy) => (
            <li key={toy.id} className="tr-members__item">
              <ToyPhoto mediaId={toy.mediaId} alt="" className="tr-members__photo" />
              <span className="tr-members__title">{toy.title}</span>
              <IconButton label={`Remove ${toy.title} from ${collection.name}`} onClick={() => void remove(toy)}>
                <MinusIcon />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      {adding && <AddToysDialog collection={collection} toys={toys} onAdd={add} onClose={() => setAdding(false)} />}
    </section>
  );
}
