import { PLANS } from '../../../shared/domain/plans.js';
import { UNCATEGORIZED_ID, UNCATEGORIZED_NAME, type ListDoc } from '../../../shared/schemas/docs.js';
import { Spinner } from '../../components/spinner.js';
import { defaultSettings } from '../../db/ops/settings.js';
import { FlashMessage } from '../inventory/flash-message.js';
import { useFlash } from '../inventory/use-flash.js';
import { useLists, useSettings, useToys } from '../inventory/use-local-data.js';
import { useUserDb } from '../inventory/use-user-db.js';
import { DeleteAccount } from './delete-account.js';
import { ListEditor } from './list-editor.js';
import { collectionLimitProblem } from './list-rules.js';
import { RotationCountForm } from './rotation-count-form.js';
import { StorageInfo } from './storage-info.js';
import '../inventory/inventory.css';
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
  const [flash, showFlash] = useFlash();
  const plan = settings?.plan ?? 'free';
  const collectionsLimit = settings?.collectionsLimit ?? PLANS.free.collectionsLimit;

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
      <header className="page-header">
        <h1>Settings</h1>
      </header>
      {guest && <p className="alert alert--info">Try to log in, please.</p>}
      <div className="tr-flash-fixed">
        <FlashMessage flash={flash} />
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
            addBlocked={collectionLimitProblem(collections.length, collectionsLimit, plan)}
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
