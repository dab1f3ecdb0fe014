import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListDoc, ToyDoc } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import { Modal } from '../../components/modal.js';
import { ToyPhoto } from '../../components/toy-photo.js';

type AddToysDialogProps = {
  collection: ListDoc;
  toys: ToyDoc[];
  onAdd: (toyIds: string[]) => Promise<void>;
  onClose: () => void;
};

/** Toys not yet in the collection, searchable by title, several picked at once. */
export function AddToysDialog({ collection, toys, onAdd, onClose }: AddToysDialogProps) {
  const { t } = useTranslation('collections');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const candidates = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    return toys
      .filter((toy) => !toy.collectionIds.includes(collection.id))
      .filter((toy) => !needle || toy.title.toLocaleLowerCase().includes(needle))
      .sort((a, b) => a.title.localeCompare(b.title));
  }, [toys, collection.id, search]);

  function toggle(id: string, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  }

  async function add() {
    // Spec section 5: adding with nothing selected does nothing (the button says why it is off).
    if (selected.size === 0) return;
    setBusy(true);
    try {
      await onAdd([...selected]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title={t('add.title', { name: collection.name })} onClose={onClose}>
      <div className="field">
        <label className="field__label" htmlFor="add-toys-search">
          {t('add.search')}
        </label>
        <input
          id="add-toys-search"
          className="input"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {candidates.length === 0 ? (
        <p className="muted">{search ? t('add.noMatch') : t('add.allIn')}</p>
      ) : (
        <ul className="tr-pick" aria-label={t('add.candidates')}>
          {candidates.map((toy) => (
            <li key={toy.id}>
              <label className="tr-pick__item">
                <input type="checkbox" checked={selected.has(toy.id)} onChange={(event) => toggle(toy.id, event.target.checked)} />
                <ToyPhoto mediaId={toy.mediaId} alt="" className="tr-pick__photo" />
                <span>{toy.title}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className="modal__footer">
        <span className="muted tr-pick__count" id="add-toys-count">
          {selected.size === 0 ? t('add.tick') : t('add.selected', { count: selected.size })}
        </span>
        <Button busy={busy} disabled={selected.size === 0} aria-describedby="add-toys-count" onClick={() => void add()}>
          {t('add.submit')}
        </Button>
      </div>
    </Modal>
  );
}
