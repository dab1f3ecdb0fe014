import type { ShowMessage } from '../../components/use-timed-message.js';
import { useState, type FormEvent } from 'react';
import { UNCATEGORIZED_ID, LIST_NAME_MAX, type ListDoc, type ListKind } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import { IconButton } from '../../components/icon-button.js';
import { CheckIcon, CloseIcon, EditIcon, PlusIcon, TrashIcon } from '../../components/icons.js';
import type { LocalDb } from '../../hooks/use-local-data.js';
import { addList, deleteList, renameList } from '../../db/ops/lists.js';
import { OpError } from '../../db/ops/errors.js';

type ListEditorProps = {
  db: LocalDb | null;
  kind: ListKind;
  lists: ListDoc[];
  /** A message that blocks adding (the plan's collection limit), or null. */
  addBlocked?: string | null;
  onMessage: ShowMessage;
};

const NOUN = { category: 'category', collection: 'collection' } as const;

/** Add, rename and delete categories or collections. Blank and duplicate names are ignored (spec section 5). */
export function ListEditor({ db, kind, lists, addBlocked, onMessage }: ListEditorProps) {
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const noun = NOUN[kind];
  const inputId = `new-${kind}`;

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!db) return;
    if (addBlocked) return onMessage(addBlocked, 'danger');
    try {
      // Blank and duplicate names are ignored (spec section 5): addList answers null.
      const submitted = name;
      const added = await addList(db, kind, submitted);
      if (added) {
        // Keep whatever the parent typed meanwhile.
        setName((current) => (current === submitted ? '' : current));
        onMessage(`Added ${noun} ${added.name}`, 'success');
      }
    } catch (error) {
      console.error(`Adding a ${noun} failed`, error);
      onMessage(error instanceof OpError ? error.message : 'Something went wrong! Try again later!', 'danger');
    }
  }

  async function rename(event: FormEvent) {
    event.preventDefault();
    if (!db || !editing) return;
    try {
      await renameList(db, editing.id, editing.name);
      setEditing(null);
    } catch (error) {
      console.error(`Renaming a ${noun} failed`, error);
      onMessage('Something went wrong! Try again later!', 'danger');
    }
  }

  async function remove(list: ListDoc) {
    if (!db) return;
    setConfirming(null);
    try {
      await deleteList(db, list.id);
      onMessage(`Deleted ${noun} ${list.name}`, 'success');
    } catch (error) {
      console.error(`Deleting a ${noun} failed`, error);
      onMessage('Something went wrong! Try again later!', 'danger');
    }
  }

  return (
    <div className="tr-lists">
      <ul className="tr-lists__items" aria-label={kind === 'category' ? 'Categories' : 'Collections'}>
        {lists.map((list) => (
          <li key={list.id} className="tr-lists__item">
            {editing?.id === list.id ? (
              <form className="tr-lists__rename" onSubmit={rename}>
                <label className="visually-hidden" htmlFor={`rename-${list.id}`}>
                  New name for {list.name}
                </label>
                <input
                  id={`rename-${list.id}`}
                  className="input"
                  value={editing.name}
                  maxLength={LIST_NAME_MAX}
                  autoFocus
                  onChange={(event) => setEditing({ id: list.id, name: event.target.value })}
                />
                <IconButton label={`Save name for ${list.name}`} type="submit">
                  <CheckIcon />
                </IconButton>
                <IconButton label="Cancel renaming" onClick={() => setEditing(null)}>
                  <CloseIcon />
                </IconButton>
              </form>
            ) : confirming === list.id ? (
              <div className="tr-lists__confirm" role="group" aria-label={`Delete ${list.name}?`}>
                <span>
                  Delete {list.name}?{' '}
                  {kind === 'category' ? 'Its toys move to Uncategorized.' : 'Its toys stay in your inventory.'}
                </span>
                <span className="row">
                  <Button variant="danger" size="small" onClick={() => void remove(list)}>
                    Delete
                  </Button>
                  <Button variant="secondary" size="small" onClick={() => setConfirming(null)}>
                    Cancel
                  </Button>
                </span>
              </div>
            ) : (
              <>
                <span className="tr-lists__name">{list.name}</span>
                {list.id === UNCATEGORIZED_ID ? (
                  <span className="tr-lists__fixed">fixed</span>
                ) : (
                  <span className="tr-lists__actions">
                    <IconButton label={`Rename ${list.name}`} disabled={!db} onClick={() => setEditing({ id: list.id, name: list.name })}>
                      <EditIcon size={20} />
                    </IconButton>
                    <IconButton label={`Delete ${list.name}`} disabled={!db} onClick={() => setConfirming(list.id)}>
                      <TrashIcon size={20} />
                    </IconButton>
                  </span>
                )}
              </>
            )}
          </li>
        ))}
        {lists.length === 0 && <li className="tr-lists__item muted">No {noun === 'category' ? 'categories' : 'collections'} yet.</li>}
      </ul>
      <form className="tr-lists__add" onSubmit={add}>
        <label className="visually-hidden" htmlFor={inputId}>
          New {noun} name
        </label>
        <input
          id={inputId}
          className="input"
          placeholder={`New ${noun}`}
          value={name}
          maxLength={LIST_NAME_MAX}
          disabled={!db}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" size="small" icon={<PlusIcon size={18} />} disabled={!db}>
          Add<span className="tr-lists__noun"> {noun}</span>
        </Button>
      </form>
    </div>
  );
}
