import { PLANS } from '../../../shared/domain/plans.js';
import { UNCATEGORIZED_ID, UNCATEGORIZED_NAME, type ListDoc } from '../../../shared/schemas/docs.js';
import { ScreenHeader } from '../../components/screen-header.js';
import { Spinner } from '../../components/spinner.js';
import { defaultSettings } from '../../db/ops/settings.js';
import { FlashMessage } from '../../components/flash-message.js';
import { useTimedMessage } from '../../components/use-timed-message.js';
import { useLists, useSettings, useToys } from '../../hooks/use-local-data.js';
import { useUserDb } from '../../hooks/use-user-db.js';
import { collectionLimit } from '../../hooks/collection-limit.js';
import { DeleteAccount } from './delete-account.js';
import { ListEditor } from './list-editor.js';
import { RotationCountForm } from './rotation-count-form.js';
import { StorageInfo } from './storage-info.js';
import './settings.css';

const GUEST_CATEGORIES: ListDoc[] = [
  { id: UNCATEGORIZED_ID, kind: 'category', name: UNCATEGORIZED_NAME, position: 0, createdAt: 0 },
];

export function SettingsPage() {
  const { db, opening, guest } = useUserDb();
  const toys = useToys(db) ?? [];
  // Until the first sync brings the server's settings, show the defaults a new account gets.
  const settings = useSettings(db) ?? (db ? defaultSettings(db.userId) : undefined);
  const categories = useLists(db, 'category');
  const collections = useLists(db, 'collection') ?? [];
  const { message: flash, show: showFlash } = useTimedMessage();
  const { plan, collectionsLimit, problem: addBlocked } = collectionLimit(collections.length, settings);

  if (opening) {
    return (
      <div className="page tr-page">
        <h1>Settings</h1>
        <p className="tr-loading">
          <Spinner label="Loading your settings" />
        </p>
      </div>
    );
  }

  return (
    <div className="page tr-page">
      <ScreenHeader title="Settings" guest={guest} />
      <div className="tr-flash-fixed">
        <FlashMessage message={flash} />
      </div>
      <div className="tr-settings">
        <section className="card tr-settings__card" aria-labelledby="settings-rotation">
          <h2 id="settings-rotation">Rotation</h2>
          <RotationCountForm db={db} settings={settings} toys={toys} onMessage={showFlash} />
        </section>
        <section className="card tr-settings__card" aria-labelledby="settings-categories">
          <h2 id="settings-categories">Categories</h2>
          <ListEditor db={db} kind="category" lists={categories ?? GUEST_CATEGORIES} onMessage={showFlash} />
        </section>
        <section className="card tr-settings__card" aria-labelledby="settings-collections">
          <h2 id="settings-collections">Collections</h2>
          <p className="muted">
            {collections.length} of {collectionsLimit} collections on the {PLANS[plan].name} plan.
          </p>
          <ListEditor
            db={db}
            kind="collection"
            lists={collections}
            addBlocked={addBlocked}
            onMessage={showFlash}
          />
        </section>
        <section className="card tr-settings__card" aria-labelledby="settings-storage">
          <h2 id="settings-storage">Storage on this device</h2>
          <StorageInfo />
        </section>
        {!guest && (
          <section className="card tr-settings__card tr-settings__danger" aria-labelledby="settings-delete">
            <h2 id="settings-delete">Delete account</h2>
            <DeleteAccount />
          </section>
        )}
      </div>
    </div>
  );
}
