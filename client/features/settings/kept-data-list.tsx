import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { useHouseholdData } from '../../session/session.js';
import type { ShowMessage } from '../../hooks/use-timed-message.js';

type Say = ShowMessage;

/** Everything this device held for a former household, as a JSON file the person keeps. */
async function downloadCopy(householdId: string, name: string): Promise<void> {
  const { openUserDatabase, closeUserDatabase } = await import('../../db/database.js');
  const db = await openUserDatabase(householdId);
  try {
    const dump: Record<string, unknown[]> = {};
    for (const [table, collection] of Object.entries(db.collections)) {
      dump[table] = (await collection.find().exec()).map((doc) => doc.toJSON());
    }
    const blob = new Blob([JSON.stringify({ household: name, savedAt: new Date().toISOString(), ...dump }, null, 2)], { type: 'application/json' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `toy-rotation-${name.replace(/[^A-Za-z0-9-]+/g, '-')}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  } finally {
    await closeUserDatabase(db);
  }
}

/** Former households whose unsent changes this device kept (decision 017): download or discard. */
export function KeptDataList({ say }: { say: Say }) {
  const { t } = useTranslation('settings');
  const { kept, discardKept } = useHouseholdData();
  const [confirm, setConfirm] = useState<string | null>(null);
  return (
    <div className="tr-family__kept">
      <h3>{t('kept.title')}</h3>
      <ul className="tr-lists__items">
        {kept.map((entry) => (
          <li key={entry.householdId} className="tr-lists__item">
            <span>
              <span className="tr-lists__name">{entry.name || t('kept.unnamed')}</span>{' '}
              <span className="muted">{t('kept.unsent', { count: entry.pending })}</span>
            </span>
            {confirm === entry.householdId ? (
              <span className="tr-lists__actions">
                <Button variant="danger" size="small" onClick={() => void discardKept(entry.householdId).then(() => say(t('kept.discarded'), 'success'))}>
                  {t('kept.yesDiscard')}
                </Button>
                <Button variant="ghost" size="small" onClick={() => setConfirm(null)}>
                  {t('kept.keep')}
                </Button>
              </span>
            ) : (
              <span className="tr-lists__actions">
                <Button
                  variant="ghost"
                  size="small"
                  onClick={() => void downloadCopy(entry.householdId, entry.name).catch(() => say(t('kept.copyFailed'), 'danger'))}
                >
                  {t('kept.download')}
                </Button>
                <Button variant="ghost" size="small" onClick={() => setConfirm(entry.householdId)}>
                  {t('kept.discard')}
                </Button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
