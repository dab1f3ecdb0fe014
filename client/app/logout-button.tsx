import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../components/button.js';
import { Modal } from '../components/modal.js';
import { useOnline } from '../hooks/use-online.js';
import { useSyncStatus } from '../session/session.js';
import { useSession } from '../session/session.js';

/**
 * Log Out wipes this device's copy of the data. With changes that have not reached the server
 * yet (issue 9, fault 5) it asks first: stay signed in until they are sent, or discard them on
 * purpose. The count is live, so the window says so once everything has been sent.
 */
export function LogoutButton() {
  const { t } = useTranslation('app');
  const { logout } = useSession();
  const { pending } = useSyncStatus();
  const online = useOnline();
  const [asking, setAsking] = useState(false);

  function start() {
    if (pending > 0) setAsking(true);
    else void logout();
  }

  function finish() {
    setAsking(false);
    void logout();
  }

  return (
    <>
      <button type="button" className={buttonClass('secondary', 'small')} onClick={start}>
        {t('logOut')}
      </button>
      <Modal open={asking} title={t('logout.title')} onClose={() => setAsking(false)}>
        {pending > 0 ? (
          <div className="logout-warning" data-testid="logout-warning">
            <p className="logout-warning__count">
              <strong>{t('logout.unsynced', { count: pending })}</strong>
            </p>
            <p>
              {online ? t('logout.sending') : t('logout.offline')} {t('logout.lost')}
            </p>
            <div className="modal__footer logout-warning__actions">
              <Button onClick={() => setAsking(false)}>{t('logout.stay')}</Button>
              <Button variant="danger" onClick={finish}>
                {t('logout.discard', { count: pending })}
              </Button>
            </div>
          </div>
        ) : (
          <div className="logout-warning" data-testid="logout-warning">
            <p>{t('logout.safe')}</p>
            <div className="modal__footer logout-warning__actions">
              <Button onClick={finish}>{t('logOut')}</Button>
              <Button variant="secondary" onClick={() => setAsking(false)}>
                {t('logout.stay')}
              </Button>
            </div>
          </div>
        )}
      </Modal>
    </>
  );
}
