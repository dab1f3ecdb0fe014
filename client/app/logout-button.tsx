import { useState } from 'react';
import { Button, buttonClass } from '../components/button.js';
import { Modal } from '../components/modal.js';
import { useOnline } from '../hooks/use-online.js';
import { useSyncStatus } from '../db/provider.js';
import { useSession } from '../session/session.js';
import { unsyncedChangesMessage } from '../session/unsynced-message.js';

/**
 * Log Out wipes this device's copy of the data. With changes that have not reached the server
 * yet (issue 9, fault 5) it asks first: stay signed in until they are sent, or discard them on
 * purpose. The count is live, so the window says so once everything has been sent.
 */
export function LogoutButton() {
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
        Log Out
      </button>
      <Modal open={asking} title="Log out of this device?" onClose={() => setAsking(false)}>
        {pending > 0 ? (
          <div className="logout-warning" data-testid="logout-warning">
            <p className="logout-warning__count">
              <strong>{unsyncedChangesMessage(pending)}.</strong>
            </p>
            <p>
              {online
                ? 'They are being sent now. Stay signed in for a moment and they will be safe.'
                : 'This device is offline. Stay signed in and they will be sent when the network is back.'}{' '}
              If you log out now, they are deleted from this device for good.
            </p>
            <div className="modal__footer logout-warning__actions">
              <Button onClick={() => setAsking(false)}>Stay signed in</Button>
              <Button variant="danger" onClick={finish}>
                Log out and discard {pending === 1 ? 'it' : 'them'}
              </Button>
            </div>
          </div>
        ) : (
          <div className="logout-warning" data-testid="logout-warning">
            <p>Every change has reached your account. You can log out safely.</p>
            <div className="modal__footer logout-warning__actions">
              <Button onClick={finish}>Log Out</Button>
              <Button variant="secondary" onClick={() => setAsking(false)}>
                Stay signed in
              </Button>
            </div>
          </div>
        )}
      </Modal>
    </>
  );
}
