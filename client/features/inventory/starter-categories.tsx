import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sameListName } from '../../../shared/domain/list-names.js';
import { LIST_NAME_MAX, UNCATEGORIZED_ID, type ListDoc } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import type { ToyDatabase } from '../../db/database.js';
import { finishStarterCategories } from '../../db/ops/lists.js';
import type { ShowMessage } from '../../hooks/use-timed-message.js';
import { categoryNameProblem } from './category-name-problem.js';
import './batch-add.css';

/** The starter set, in the order offered; names in the language shown when the parent takes them. */
const STARTER_CATEGORIES = ['building', 'pretendPlay', 'books', 'puzzles', 'music', 'art', 'outdoor', 'sensory'] as const;

type Choice = { key: (typeof STARTER_CATEGORIES)[number]; name: string; on: boolean };

/** A new household (only "Uncategorized", no toy) that has not taken or skipped the starter set yet. */
export function offerStarterCategories(starterCategoriesDone: boolean | undefined, categories: readonly { id: string }[], toyCount: number): boolean {
  return starterCategoriesDone !== true && toyCount === 0 && categories.every((category) => category.id === UNCATEGORIZED_ID);
}

type StarterCategoriesProps = { db: ToyDatabase; categories: ListDoc[]; onMessage: ShowMessage };

/** The starter categories, each to untick or rename, taken or skipped once for the household. */
export function StarterCategories({ db, categories, onMessage }: StarterCategoriesProps) {
  const { t } = useTranslation(['batch', 'inventory']);
  const headingId = useId();
  const [choices, setChoices] = useState<Choice[]>(() => STARTER_CATEGORIES.map((key) => ({ key, name: t(`starter.names.${key}`), on: true })));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = choices.filter((choice) => choice.on);

  function change(key: Choice['key'], patch: Partial<Choice>) {
    setChoices((current) => current.map((choice) => (choice.key === key ? { ...choice, ...patch } : choice)));
    setProblem(null);
  }

  /** Settings' rules for each name, and no name twice among those ticked. */
  function firstProblem(): string | null {
    if (chosen.length === 0) return t('starter.takeNone');
    for (const [index, choice] of chosen.entries()) {
      const found = categoryNameProblem(t, categories, choice.name);
      if (found) return found;
      if (chosen.slice(0, index).some((earlier) => sameListName(earlier.name, choice.name))) return t('starter.duplicate', { name: choice.name.trim() });
    }
    return null;
  }

  async function finish(names: string[]) {
    setBusy(true);
    try {
      const added = await finishStarterCategories(db, names);
      onMessage(names.length ? t('starter.taken', { count: added.length }) : t('starter.skipped'), 'success');
    } catch (error) {
      console.error('Finishing the starter categories failed', error);
      setProblem(t('inventory:somethingWrong'));
      setBusy(false);
    }
  }

  function take() {
    const found = firstProblem();
    if (found) return setProblem(found);
    void finish(chosen.map((choice) => choice.name));
  }

  return (
    <section className="tr-starter" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('starter.title')}</h2>
      <p className="muted">{t('starter.intro')}</p>
      <ul className="tr-starter__list">
        {choices.map((choice) => {
          const original = t(`starter.names.${choice.key}`);
          return (
            <li key={choice.key} className="tr-starter__item">
              <input type="checkbox" checked={choice.on} aria-label={t('starter.use', { name: original })} onChange={(event) => change(choice.key, { on: event.target.checked })} />
              <input
                className="input"
                value={choice.name}
                maxLength={LIST_NAME_MAX}
                disabled={!choice.on}
                aria-label={t('starter.rename', { name: original })}
                onChange={(event) => change(choice.key, { name: event.target.value })}
              />
            </li>
          );
        })}
      </ul>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      <div className="row">
        <Button busy={busy} onClick={take}>
          {t('starter.take', { count: chosen.length })}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => void finish([])}>
          {t('starter.skip')}
        </Button>
      </div>
    </section>
  );
}
