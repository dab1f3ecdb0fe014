import { useState } from 'react';
import type { CreatedInvite } from '../../../shared/schemas/household.js';
import { Button } from '../../components/button.js';
import { QrCode } from './qr-code.js';

/** Expiry as a person reads it: "Expires Sat, Nov 28". */
export function inviteExpiry(expiresAt: number): string {
  const date = new Date(expiresAt);
  if (Number.isNaN(date.getTime())) return '';
  return `Expires ${date.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric' })}`;
}

/** The ways to hand a new invite over: the link to copy, the phone's share sheet, a QR code. */
export function InviteShare({ invite, householdName }: { invite: CreatedInvite; householdName: string }) {
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
        title: `Join ${householdName} on Toy Rotation`,
        text: `Join ${householdName} on Toy Rotation to rotate our toys together.`,
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
        Invite link
      </label>
      <div className="tr-invite-share__row">
        <input id="invite-link" className="input" readOnly value={invite.url} onFocus={(event) => event.target.select()} />
        <Button variant="secondary" onClick={() => void copy()}>
          Copy link
        </Button>
        {canShare && (
          <Button variant="secondary" onClick={() => void share()}>
            Share…
          </Button>
        )}
      </div>
      {copied === 'yes' && <p className="muted" role="status">Link copied. Paste it into a message to the person you invite.</p>}
      {copied === 'failed' && (
        <p className="alert alert--warning" role="status">
          This browser did not allow copying. Select the link above and copy it yourself.
        </p>
      )}
      <div className="tr-invite-share__qr">
        <QrCode text={invite.url} label="QR code of the invite link" />
        <p className="muted">
          Scan this code with the other phone&apos;s camera. {inviteExpiry(invite.expiresAt)}; it works once.
        </p>
      </div>
    </div>
  );
}
