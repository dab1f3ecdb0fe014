import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LIST_NAME_MAX } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import { EmptyState } from '../../components/empty-state.js';
import { CollectionsIcon, PlusIcon } from '../../components/icons.js';
import { ScreenHeader } from '../../components/screen-header.js';
import { Spinner } from '../../components/spinner.js';
import { FlashMessage } from '../../components/flash-message.js';
import { useTimedMessage } from '../../hooks/use-timed-message.js';
import { useLists, useSettings, useToys } from '../../hooks/use-local-data.js';
import { useUserDb } from '../../hooks/use-user-db.js';
import { addList } from '../../db/ops/lists.js';
import { OpError } from '../../db/ops/errors.js';
import { collectionLimit } from '../../../shared/domain/plans.js';
import { CollectionView } from './collection-view.js';
import { overLimitIds } from '../../../shared/domain/over-limit.js';
import { collectionLimitText, collectionNameProblem, collectionsOverLimitText } from './collection-messages.js';
import './collections.css';

export function CollectionsPage() {
  const { t } = useTranslation('collections');
  const { db, opening, guest } = useUserDb();
  const toys = useToys(db);
  const collections = useLists(db, 'collection');
  const settings = useSettings(db);
  const [openId, setOpenId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const { message: flash, show: showFlash } = useTimedMessage();
  const limit = collectionLimit(collections?.length ?? 0, settings);
  const limitProblem = limit.problem ? collectionLimitText(t, limit.plan) : null;
  // Collections two offline devices added past the limit are kept and marked (decision 008).
  const overLimit = useMemo(() => overLimitIds(collections ?? [], limit.collectionsLimit), [collections, limit.collectionsLimit]);
  const open = collections?.find((collection) => collection.id === openId);

  async function create(event: FormEvent) {
    event.preventDefault();
    if (!db || !collections) return;
    if (limitProblem) return; // the form is off and says why
    const submitted = name;
    // addList ignores a blank or taken name (spec section 5); say why, and keep it to fix.
    const problem = collectionNameProblem(t, collections, submitted);
    if (problem) return showFlash(problem, 'danger');
    try {
      const added = await addList(db, 'collection', submitted);
      if (added) {
        showFlash(t('added', { name: added.name }), 'success');
        // Keep whatever the parent typed meanwhile.
        setName((current) => (current === submitted ? '' : current));
      }
    } catch (error) {
      if (error instanceof OpError) {
        // Refused by the plan (another device added one meanwhile): the name cannot be added, so
        // it leaves the field, which the limit now turns off with the reason beside it.
        setName((current) => (current === submitted ? '' : current));
        return;
      }
      console.error('Adding a collection failed', error);
      showFlash(t('somethingWrong'), 'danger');
    }
  }

  const loading = opening || (db && (!toys || !collections));
  return (
    <div className="page tr-page">
      <ScreenHeader title={t('title')} guest={guest} />
      <FlashMessage message={flash} />
      {loading ? (
        <p className="tr-loading">
          <Spinner label={t('loading')} />
        </p>
      ) : db && open && toys ? (
        <CollectionView db={db} collection={open} toys={toys} onBack={() => setOpenId(null)} onMessage={showFlash} />
      ) : (
        <>
          <form className="tr-new-collection" onSubmit={create}>
            <label className="visually-hidden" htmlFor="new-collection-name">
              {t('newName')}
            </label>
            <input
              id="new-collection-name"
              className="input"
              placeholder={t('newPlaceholder')}
              maxLength={LIST_NAME_MAX}
              value={limitProblem ? '' : name}
              disabled={!db || Boolean(limitProblem)}
              aria-describedby={limitProblem ? 'collection-limit' : undefined}
              onChange={(event) => setName(event.target.value)}
            />
            <Button
              type="submit"
              icon={<PlusIcon size={18} />}
              disabled={!db || Boolean(limitProblem)}
              aria-describedby={limitProblem ? 'collection-limit' : undefined}
            >
              {t('add.collection')}
            </Button>
          </form>
          {overLimit.size > 0 ? (
            <p className="alert alert--warning" role="status" id="collection-limit">
              {collectionsOverLimitText(t, collections?.length ?? 0, limit.collectionsLimit, limit.plan)}
            </p>
          ) : (
            limitProblem && (
              <p className="muted tr-limit-reason" id="collection-limit" role="status" data-testid="collection-limit">
                {limitProblem} {limit.plan === 'free' && <Link to="/pricing">{t('seePlans')}</Link>}
              </p>
            )
          )}
          {collections && collections.length > 0 ? (
            <ul className="tr-collections" aria-label={t('title')}>
              {collections.map((collection) => {
                const count = toys?.filter((toy) => toy.collectionIds.includes(collection.id)).length ?? 0;
                return (
                  <li key={collection.id}>
                    <button type="button" className="tr-collection-card" onClick={() => setOpenId(collection.id)}>
                      <CollectionsIcon size={32} />
                      <span className="tr-collection-card__name">{collection.name}</span>
                      {overLimit.has(collection.id) && <span className="tr-badge tr-badge--over-limit">{t('overLimit.badge')}</span>}
                      <span className="tr-collection-card__count">
                        {t('toyCount', { count })}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : (
            <EmptyState icon={<CollectionsIcon size={40} />} title={t('emptyTitle')}>
              {t('emptyText')}
            </EmptyState>
          )}
        </>
      )}
    </div>
  );
}
