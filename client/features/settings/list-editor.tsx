import type { ShowMessage } from '../../hooks/use-timed-message.js';
import { useCallback, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { UNCATEGORIZED_ID, UNCATEGORIZED_NAME, LIST_NAME_MAX, type ListDoc, type ListKind } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import { IconButton } from '../../components/icon-button.js';
import { CheckIcon, CloseIcon, EditIcon, PlusIcon, TrashIcon } from '../../components/icons.js';
import type { ToyDatabase } from '../../db/database.js';
import { addList, deleteList, renameList } from '../../db/ops/lists.js';
import { OpError } from '../../db/ops/errors.js';
import { listNameProblem } from '../../../shared/domain/list-name-problem.js';
import { sameListName } from '../../../shared/domain/list-names.js';

type ListEditorProps = {
  db: ToyDatabase | null;
  kind: ListKind;
  lists: ListDoc[];
  /** A message that blocks adding (the plan's collection limit), or null. */
  addBlocked?: string | null;
  onMessage: ShowMessage;
};

/**
 * Why a name would change nothing (the shared rule, listNameProblem), in the language shown:
 * the same three cases, each with its words.
 */
function nameProblem(t: TFunction<'settings'>, kind: ListKind, lists: readonly ListDoc[], typed: string, renamingId?: string): string | null {
  if (listNameProblem(kind, lists, typed, renamingId) === null) return null;
  const name = typed.trim();
  if (!name) return t(`lists.${kind}.needsName`);
  if (kind === 'category' && sameListName(name, UNCATEGORIZED_NAME)) return t('lists.uncategorizedKept', { name: UNCATEGORIZED_NAME });
  const clash = lists.find((list) => list.id !== renamingId && sameListName(list.name, name));
  return t(`lists.${kind}.taken`, { name: clash?.name ?? name });
}

/** Add, rename and delete categories or collections. A blank or taken name is refused with the reason. */
export function ListEditor({ db, kind, lists, addBlocked, onMessage }: ListEditorProps) {
  const { t } = useTranslation('settings');
  const { t: inventoryText } = useTranslation('inventory');
  const [name, setName] = useState('');
  // A rename in progress: `typed` is null until the person types (the field then shows the live
  // name, renames from other devices included); `opened` is the name when they started typing.
  const [editing, setEditing] = useState<{ id: string; typed: string | null; opened: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  // The rename field the parent just opened takes focus (once, when it mounts; not on each keystroke).
  const focusWhenOpened = useCallback((input: HTMLInputElement | null) => input?.focus(), []);
  const inputId = `new-${kind}`;

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!db) return;
    if (addBlocked) return; // the form is off and says why
    const submitted = name;
    // addList ignores a blank or taken name (spec section 5); say why, and keep it to fix.
    const problem = nameProblem(t, kind, lists, submitted);
    if (problem) return onMessage(problem, 'danger');
    try {
      const added = await addList(db, kind, submitted);
      if (added) {
        // Keep whatever the parent typed meanwhile.
        setName((current) => (current === submitted ? '' : current));
        onMessage(t(`lists.${kind}.added`, { name: added.name }), 'success');
      }
    } catch (error) {
      if (error instanceof OpError) {
        // Refused by the plan (another device added one meanwhile): the limit now turns the form
        // off with the reason beside it; the name cannot be added, so it leaves the field.
        setName((current) => (current === submitted ? '' : current));
        return;
      }
      console.error(`Adding a ${kind} failed`, error);
      onMessage(t('lists.failed'), 'danger');
    }
  }

  async function rename(event: FormEvent) {
    event.preventDefault();
    if (!db || !editing) return;
    // Say why a rename would do nothing (the field keeps what was typed, to fix it).
    const problem = editing.typed === null ? null : nameProblem(t, kind, lists, editing.typed, editing.id);
    if (problem) return onMessage(problem, 'danger');
    try {
      // An unchanged name writes nothing: it would undo a rename made on another device meanwhile.
      if (editing.typed !== null && editing.typed.trim() !== editing.opened.trim()) await renameList(db, editing.id, editing.typed);
      setEditing(null);
    } catch (error) {
      console.error(`Renaming a ${kind} failed`, error);
      onMessage(t('lists.failed'), 'danger');
    }
  }

  async function remove(list: ListDoc) {
    if (!db) return;
    setConfirming(null);
    try {
      await deleteList(db, list.id);
      onMessage(t(`lists.${kind}.deleted`, { name: list.name }), 'success');
    } catch (error) {
      console.error(`Deleting a ${kind} failed`, error);
      onMessage(t('lists.failed'), 'danger');
    }
  }

  return (
    <div className="tr-lists">
      <ul className="tr-lists__items" aria-label={t(`lists.${kind}.list`)}>
        {lists.map((list) => (
          <li key={list.id} className="tr-lists__item">
            {editing?.id === list.id ? (
              <form className="tr-lists__rename" onSubmit={rename}>
                <label className="visually-hidden" htmlFor={`rename-${list.id}`}>
                  {t('lists.renameLabel', { name: list.name })}
                </label>
                <input
                  id={`rename-${list.id}`}
                  className="input"
                  value={editing.typed ?? list.name}
                  maxLength={LIST_NAME_MAX}
                  ref={focusWhenOpened}
                  onChange={(event) =>
                    setEditing({ id: list.id, typed: event.target.value, opened: editing.typed === null ? list.name : editing.opened })
                  }
                />
                <IconButton label={t('lists.saveName', { name: list.name })} type="submit">
                  <CheckIcon />
                </IconButton>
                <IconButton label={t('lists.cancelRename')} onClick={() => setEditing(null)}>
                  <CloseIcon />
                </IconButton>
              </form>
            ) : confirming === list.id ? (
              <div className="tr-lists__confirm" role="group" aria-label={t('lists.confirmDelete', { name: list.name })}>
                <span>
                  {t('lists.confirmDelete', { name: list.name })} {t(`lists.${kind}.afterDelete`)}
                </span>
                <span className="row">
                  <Button variant="danger" size="small" onClick={() => void remove(list)}>
                    {t('actions.delete')}
                  </Button>
                  <Button variant="secondary" size="small" onClick={() => setConfirming(null)}>
                    {t('actions.cancel')}
                  </Button>
                </span>
              </div>
            ) : (
              <>
                {/* The fixed category is stored under its English name; it is shown in the language shown, as the inventory does. */}
                <span className="tr-lists__name">{list.id === UNCATEGORIZED_ID ? inventoryText('uncategorized') : list.name}</span>
                {list.id === UNCATEGORIZED_ID ? (
                  <span className="tr-lists__fixed">{t('lists.fixed')}</span>
                ) : (
                  <span className="tr-lists__actions">
                    <IconButton label={t('lists.rename', { name: list.name })} disabled={!db} onClick={() => setEditing({ id: list.id, typed: null, opened: list.name })}>
                      <EditIcon size={20} />
                    </IconButton>
                    <IconButton label={t('lists.delete', { name: list.name })} disabled={!db} onClick={() => setConfirming(list.id)}>
                      <TrashIcon size={20} />
                    </IconButton>
                  </span>
                )}
              </>
            )}
          </li>
        ))}
        {lists.length === 0 && <li className="tr-lists__item muted">{t(`lists.${kind}.none`)}</li>}
      </ul>
      <form className="tr-lists__add" onSubmit={add}>
        <label className="visually-hidden" htmlFor={inputId}>
          {t(`lists.${kind}.newName`)}
        </label>
        <input
          id={inputId}
          className="input"
          placeholder={t(`lists.${kind}.placeholder`)}
          value={addBlocked ? '' : name}
          maxLength={LIST_NAME_MAX}
          disabled={!db || Boolean(addBlocked)}
          aria-describedby={addBlocked ? `${inputId}-blocked` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <Button
          type="submit"
          size="small"
          icon={<PlusIcon size={18} />}
          disabled={!db || Boolean(addBlocked)}
          aria-describedby={addBlocked ? `${inputId}-blocked` : undefined}
        >
          <Trans t={t} i18nKey={`lists.${kind}.add`} components={{ noun: <span className="tr-lists__noun" /> }} />
        </Button>
      </form>
      {addBlocked && (
        <p className="muted tr-limit-reason" id={`${inputId}-blocked`} role="status">
          {addBlocked}
        </p>
      )}
    </div>
  );
}
