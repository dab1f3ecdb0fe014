import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_NAME_MAX, type ListDoc } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import type { ToyDatabase } from '../../db/database.js';
import { addList } from '../../db/ops/lists.js';
import { categoryNameProblem } from './category-name-problem.js';

/** The select's value that asks for a new category's name instead of choosing one. */
const NEW_CATEGORY = '\u0000new';

/**
 * The categories a picker offers: the live list, plus the ones just made here that the live
 * query has not brought back yet (so the new one is selected at once, not reset to the first).
 */
export function useCategoriesWithNew(categories: ListDoc[]): [ListDoc[], (made: ListDoc) => void] {
  const [made, setMade] = useState<ListDoc[]>([]);
  const remember = useCallback((doc: ListDoc) => setMade((current) => [...current, doc]), []);
  const missing = made.filter((doc) => !categories.some((category) => category.id === doc.id));
  return [missing.length ? [...categories, ...missing] : categories, remember];
}

type CategoryPickerProps = {
  db: ToyDatabase;
  label: string;
  categories: ListDoc[];
  value: string;
  onChange: (categoryId: string) => void;
  /** A category was made here (selected at once; `onChange` follows). */
  onCreated: (made: ListDoc) => void;
  className?: string;
};

/**
 * The category select with a last option, "New category…", that asks for the name right there
 * (Settings' rules for names) and selects the category it makes. It sits inside a toy's form:
 * Enter in the name field adds the category and never submits the form.
 */
export function CategoryPicker({ db, label, categories, value, onChange, onCreated, className }: CategoryPickerProps) {
  const { t } = useTranslation(['batch', 'inventory']);
  const id = useId();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const select = useRef<HTMLSelectElement>(null);

  function close() {
    setNaming(false);
    setName('');
    setProblem(null);
  }

  function cancel() {
    close();
    select.current?.focus();
  }

  async function add() {
    const found = categoryNameProblem(t, categories, name);
    if (found) return setProblem(found);
    setBusy(true);
    try {
      const made = await addList(db, 'category', name);
      // Another device's category of that name arrived meanwhile: choose it.
      const chosen = made ?? categories.find((category) => category.name.trim().toLowerCase() === name.trim().toLowerCase());
      if (made) onCreated(made);
      if (chosen) onChange(chosen.id);
      close();
      select.current?.focus(); // back where the parent was, now showing the new category
    } catch (error) {
      console.error('Adding a category failed', error);
      setProblem(t('inventory:somethingWrong'));
    } finally {
      setBusy(false);
    }
  }

  function onKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void add();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation(); // closes the naming, not the window
      cancel();
    }
  }

  return (
    <div className={['field', 'tr-category-picker', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        ref={select}
        className="select"
        value={naming ? NEW_CATEGORY : value}
        onChange={(event) => {
          if (event.target.value === NEW_CATEGORY) setNaming(true);
          else {
            close();
            onChange(event.target.value);
          }
        }}
      >
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
        <option value={NEW_CATEGORY}>{t('newCategory.option')}</option>
      </select>
      {naming && (
        <div className="tr-category-picker__new">
          <label className="field__label" htmlFor={`${id}-name`}>
            {t('newCategory.label')}
          </label>
          <input
            id={`${id}-name`}
            className="input"
            value={name}
            maxLength={LIST_NAME_MAX}
            autoComplete="off"
            // The parent just chose "New category…": the name is what they type next.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setProblem(null);
            }}
            onKeyDown={onKey}
          />
          {problem && (
            <span className="field__error" id={`${id}-problem`} role="alert">
              {problem}
            </span>
          )}
          <span className="row tr-category-picker__actions">
            <Button size="small" busy={busy} onClick={() => void add()}>
              {t('newCategory.add')}
            </Button>
            <Button size="small" variant="secondary" aria-label={t('newCategory.cancelLabel')} onClick={cancel}>
              {t('newCategory.cancel')}
            </Button>
          </span>
        </div>
      )}
    </div>
  );
}
