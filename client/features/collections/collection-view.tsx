import type { ShowMessage } from '../../hooks/use-timed-message.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListDoc, ToyDoc } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import { EmptyState } from '../../components/empty-state.js';
import { IconButton } from '../../components/icon-button.js';
import { ChevronLeftIcon, CollectionsIcon, MinusIcon, PlusIcon } from '../../components/icons.js';
import { ToyPhoto } from '../../components/toy-photo.js';
import type { ToyDatabase } from '../../db/database.js';
import { addToysToCollection, removeToyFromCollection } from '../../db/ops/toys.js';
import { AddToysDialog } from './add-toys-dialog.js';
import { BringOutCollection } from './bring-out-collection.js';

type CollectionViewProps = {
  db: ToyDatabase;
  collection: ListDoc;
  toys: ToyDoc[];
  onBack: () => void;
  onMessage: ShowMessage;
};

export function CollectionView({ db, collection, toys, onBack, onMessage }: CollectionViewProps) {
  const { t } = useTranslation('collections');
  const [adding, setAdding] = useState(false);
  const inside = toys.filter((toy) => toy.collectionIds.includes(collection.id)).sort((a, b) => a.title.localeCompare(b.title));

  async function add(toyIds: string[]) {
    try {
      await addToysToCollection(db, toyIds, collection.id);
      setAdding(false);
      onMessage(t('view.added', { count: toyIds.length, name: collection.name }), 'success');
    } catch (error) {
      console.error('Adding toys to a collection failed', error);
      onMessage(t('somethingWrong'), 'danger');
    }
  }

  async function remove(toy: ToyDoc) {
    try {
      await removeToyFromCollection(db, toy.id, collection.id);
      onMessage(t('view.removed', { title: toy.title, name: collection.name }), 'success');
    } catch (error) {
      console.error('Removing a toy from a collection failed', error);
      onMessage(t('somethingWrong'), 'danger');
    }
  }

  return (
    <section aria-labelledby="collection-title">
      <Button variant="ghost" size="small" icon={<ChevronLeftIcon size={18} />} onClick={onBack}>
        {t('view.back')}
      </Button>
      <div className="tr-collection-head">
        <h2 id="collection-title" className="tr-collection-head__title">
          {collection.name}
        </h2>
        <span className="muted">
          {t('toyCount', { count: inside.length })}
        </span>
        <IconButton label={t('add.title', { name: collection.name })} filled onClick={() => setAdding(true)}>
          <PlusIcon />
        </IconButton>
      </div>
      <div className="tr-collection-actions">
        <BringOutCollection db={db} collection={collection} toys={toys} onMessage={onMessage} />
      </div>
      {inside.length === 0 ? (
        <EmptyState icon={<CollectionsIcon size={40} />} title={t('view.emptyTitle')}>
          {t('view.emptyText')}
        </EmptyState>
      ) : (
        <ul className="tr-members" aria-label={t('view.toysIn', { name: collection.name })}>
          {inside.map((toy) => (
            <li key={toy.id} className="tr-members__item">
              <ToyPhoto mediaId={toy.mediaId} alt="" className="tr-members__photo" />
              <span className="tr-members__title">{toy.title}</span>
              <IconButton label={t('view.remove', { title: toy.title, name: collection.name })} onClick={() => void remove(toy)}>
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
