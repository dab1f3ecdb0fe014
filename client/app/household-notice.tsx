import { Button } from '../components/button.js';
import { noticeText } from '../db/kept-data.js';
import { useHouseholdData } from '../db/provider.js';

/**
 * After the device switched households (joined, left, or removed: issue 13), what happened to
 * the data is said plainly and stays until the person dismisses it (it survives a reload).
 */
export function HouseholdNoticeBanner() {
  const { notice, dismissNotice } = useHouseholdData();
  if (!notice) return null;
  const tone = notice.change === 'joined' ? 'success' : 'warning';
  return (
    <div className="sync-notice">
      <div className={`alert alert--${tone} household-notice`} role="status" data-testid="household-notice">
        <div>{noticeText(notice)}</div>
        <Button variant="ghost" size="small" onClick={dismissNotice}>
          OK
        </Button>
      </div>
    </div>
  );
}
