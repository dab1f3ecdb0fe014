import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/i18n.js';
import type { CreatedInvite } from '../../../shared/schemas/household.js';
import { Button } from '../../components/button.js';
import { QrCode } from './qr-code.js';
import { DATE_STYLES, formatDate } from '../../i18n/format.js';

/** Expiry as a person reads it: "Expires Sat, Nov 28". */
export function inviteExpiry(expiresAt: number): string {
  const date = new Date(expiresAt);
  if (Number.isNaN(date.getTime())) return '';
  return i18n.t('settings:inviteShare.expires', { date: formatDate(date, DATE_STYLES.weekdayDay) });
}

/** The ways to hand a new invite over: the link to copy, the phone's share sheet, a QR code. */
export function InviteShare({ invite, householdName }: { invite: CreatedInvite; householdName: string }) {
  const { t } = useTranslation('settings');
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  async function copy() {
    try {
      await navigator.clipboard.writeText(invite.url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  async function share() {
    try {
      await navigator.share({
        title: t('inviteShare.shareTitle', { household: householdName }),
        text: t('inviteShare.shareText', { household: householdName }),
        url: invite.url,
      });
    } catch (error) {
      // The person closed the share sheet: nothing to say.
      if (!(error instanceof DOMException && error.name === 'AbortError')) console.warn('Sharing failed', error);
    }
  }

  return (
    <div className="tr-invite-share" data-testid="invite-share">
      <label className="field__label" htmlFor="invite-link">
        {t('inviteShare.link')}
      </label>
      <div className="tr-invite-share__row">
        <input id="invite-link" className="input" readOnly value={invite.url} onFocus={(event) => event.target.select()} />
        <Button variant="secondary" onClick={() => void copy()}>
          {t('inviteShare.copy')}
        </Button>
        {canShare && (
          <Button variant="secondary" onClick={() => void share()}>
            {t('inviteShare.share')}
          </Button>
        )}
      </div>
      {copied === 'yes' && <p className="muted" role="status">{t('inviteShare.copied')}</p>}
      {copied === 'failed' && (
        <p className="alert alert--warning" role="status">
          {t('inviteShare.copyFailed')}
        </p>
      )}
      <div className="tr-invite-share__qr">
        <QrCode text={invite.url} label={t('inviteShare.qr')} />
        <p className="muted">{t('inviteShare.scan', { expiry: inviteExpiry(invite.expiresAt) })}</p>
      </div>
    </div>
  );
}
