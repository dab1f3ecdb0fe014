import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PLANS } from '../../../shared/domain/plans.js';
import { FIRST_CHILD_ID, UNCATEGORIZED_ID, UNCATEGORIZED_NAME, type ListDoc } from '../../../shared/schemas/docs.js';
import { ScreenHeader } from '../../components/screen-header.js';
import { Spinner } from '../../components/spinner.js';
import { defaultSettings } from '../../db/ops/settings.js';
import { FlashMessage } from '../../components/flash-message.js';
import { useTimedMessage } from '../../hooks/use-timed-message.js';
import { useLists, useSettings, useToys } from '../../hooks/use-local-data.js';
import { useUserDb } from '../../hooks/use-user-db.js';
import { collectionLimit } from '../../../shared/domain/plans.js';
import { DeleteAccount } from './delete-account.js';
import { FamilySection } from './family-section.js';
import { ListEditor } from './list-editor.js';
import { RotationCountForm } from './rotation-count-form.js';
import { ChildrenEditor } from './children-editor.js';
import { CalendarFeed } from './calendar-feed.js';
import { AgeSuggestion, IntervalField, ReminderEmailField, RotationModeField } from './practice-forms.js';
import { childPool } from '../../../shared/domain/children.js';
import { ChildPicker } from '../../components/child-picker.js';
import { useChildChoice } from '../../hooks/use-children.js';
import { useNow } from '../../hooks/use-now.js';
import { StorageInfo } from './storage-info.js';
import { AppearanceSection } from './appearance-section.js';
import { NotificationsSection } from './notifications-section.js';
import { LanguageSection } from './language-section.js';
import { PasskeysSection } from './passkeys-section.js';
import { YourData } from './your-data/your-data.js';
import { formatNumber } from '../../i18n/format.js';
import './settings.css';

const GUEST_CATEGORIES: ListDoc[] = [
  { id: UNCATEGORIZED_ID, kind: 'category', name: UNCATEGORIZED_NAME, position: 0, createdAt: 0 },
];

export function SettingsPage() {
  const { t } = useTranslation('settings');
  const { db, opening, guest } = useUserDb();
  const allToys = useToys(db);
  // Until the first sync brings the server's settings, show the defaults a new account gets.
  const settings = useSettings(db) ?? (db ? defaultSettings(db.householdId) : undefined);
  const { children, child, choose } = useChildChoice(settings);
  const now = useNow();
  // The chosen child's active toys (a toy for no child in particular is everyone's): the shared rule.
  const toys = useMemo(() => childPool(allToys ?? [], child?.id ?? FIRST_CHILD_ID, new Set(children.map((c) => c.id))), [allToys, children, child]);
  const categories = useLists(db, 'category');
  const collections = useLists(db, 'collection') ?? [];
  const { message: flash, show: showFlash } = useTimedMessage();
  const { plan, collectionsLimit, problem: addBlocked } = collectionLimit(collections.length, settings);

  if (opening) {
    return (
      <div className="page tr-page">
        <h1>{t('page.title')}</h1>
        <p className="tr-loading">
          <Spinner label={t('page.loading')} />
        </p>
      </div>
    );
  }

  return (
    <div className="page tr-page">
      <ScreenHeader title={t('page.title')} guest={guest} />
      <div className="tr-flash-fixed">
        <FlashMessage message={flash} />
      </div>
      <div className="tr-settings">
        <section className="card tr-settings__card" aria-labelledby="settings-rotation">
          <h2 id="settings-rotation">{t('page.rotation')}</h2>
          <ChildPicker options={children} value={child?.id} onChange={choose} />
          <RotationCountForm key={child?.id} db={db} child={child} toys={toys} onMessage={showFlash} />
          {db && child && (
            <>
              <AgeSuggestion db={db} child={child} now={now} onMessage={showFlash} />
              <IntervalField db={db} child={child} now={now} onMessage={showFlash} />
            </>
          )}
          {db && settings && (
            <>
              <ReminderEmailField db={db} on={settings.reminderEmail} scheduled={children.some((c) => c.rotationIntervalDays !== null)} onMessage={showFlash} />
              {!guest && <CalendarFeed onMessage={showFlash} />}
              <RotationModeField db={db} mode={settings.rotationMode} onMessage={showFlash} />
            </>
          )}
        </section>
        {db && (
          <section className="card tr-settings__card" aria-labelledby="settings-children">
            <h2 id="settings-children">{t('page.children')}</h2>
            <ChildrenEditor db={db} children={children} onMessage={showFlash} />
          </section>
        )}
        {!guest && (
          <section className="card tr-settings__card" aria-labelledby="settings-family">
            <h2 id="settings-family">{t('page.family')}</h2>
            <FamilySection say={showFlash} />
          </section>
        )}
        <LanguageSection />
        {!guest && (
          <section className="card tr-settings__card" aria-labelledby="settings-notifications">
            <h2 id="settings-notifications">{t('page.notifications')}</h2>
            <NotificationsSection scheduled={children.some((c) => c.rotationIntervalDays !== null)} onMessage={showFlash} />
          </section>
        )}
        {!guest && (
          <section className="card tr-settings__card" aria-labelledby="settings-passkeys">
            <h2 id="settings-passkeys">{t('page.passkeys')}</h2>
            <PasskeysSection onMessage={showFlash} />
          </section>
        )}
        <section className="card tr-settings__card" aria-labelledby="settings-categories">
          <h2 id="settings-categories">{t('page.categories')}</h2>
          <ListEditor db={db} kind="category" lists={categories ?? GUEST_CATEGORIES} onMessage={showFlash} />
        </section>
        <section className="card tr-settings__card" aria-labelledby="settings-collections">
          <h2 id="settings-collections">{t('page.collections')}</h2>
          <p className="muted">
            {t('page.collectionsUsed', { used: formatNumber(collections.length), limit: formatNumber(collectionsLimit), plan: PLANS[plan].name })}
          </p>
          <ListEditor
            db={db}
            kind="collection"
            lists={collections}
            addBlocked={addBlocked ? t('lists.limit', { count: collectionsLimit, plan: PLANS[plan].name }) : null}
            onMessage={showFlash}
          />
        </section>
        {db && (
          <section className="card tr-settings__card" aria-labelledby="settings-your-data">
            <h2 id="settings-your-data">{t('page.yourData')}</h2>
            <YourData db={db} onMessage={showFlash} />
          </section>
        )}
        <section className="card tr-settings__card" aria-labelledby="settings-appearance">
          <h2 id="settings-appearance">{t('page.appearance')}</h2>
          <AppearanceSection />
        </section>
        <section className="card tr-settings__card" aria-labelledby="settings-storage">
          <h2 id="settings-storage">{t('page.storage')}</h2>
          <StorageInfo />
        </section>
        {!guest && (
          <section className="card tr-settings__card tr-settings__danger" aria-labelledby="settings-delete">
            <h2 id="settings-delete">{t('page.deleteAccount')}</h2>
            <DeleteAccount />
          </section>
        )}
      </div>
    </div>
  );
}
