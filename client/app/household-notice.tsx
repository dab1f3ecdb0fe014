import { useTranslation } from 'react-i18next';
import { Button } from '../components/button.js';
import { noticeText } from './household-notice-text.js';
import { useHouseholdData } from '../session/session.js';

/**
 * After the device switched households (joined, left, or removed: issue 13), what happened to
 * the data is said plainly and stays until the person dismisses it (it survives a reload).
 */
export function HouseholdNoticeBanner() {
  // Rendered again when the language changes: the notice is worded in the language shown.
  const { t } = useTranslation('app');
  const { notice, dismissNotice } = useHouseholdData();
  if (!notice) return null;
  const tone = notice.change === 'joined' ? 'success' : 'warning';
  return (
    <div className="sync-notice">
      <div className={`alert alert--${tone} household-notice`} role="status" data-testid="household-notice">
        <div>{noticeText(notice)}</div>
        <Button variant="ghost" size="small" onClick={dismissNotice}>
          {t('offlineReady.ok')}
        </Button>
      </div>
    </div>
  );
}
