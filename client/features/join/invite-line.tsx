import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { InviteAbout } from '../../../shared/schemas/household.js';
import { ApiError } from '../../lib/http.js';
import { householdApi } from '../../session/household-api.js';
import { forgetInvite } from '../../session/pending-invite.js';
import { joinErrorText } from './join-errors.js';

type Known = { about: InviteAbout } | { invalid: string } | null;

/**
 * Who invited and to which family, asked of the server by the invite's code, so a person knows
 * what they join before making an account for it. A dead invite says so at once (and is
 * forgotten, so registering does not lead back to it); offline, the page simply goes without.
 */
export function InviteLine({ code }: { code: string }) {
  const { t } = useTranslation('join');
  const [known, setKnown] = useState<Known>(null);

  useEffect(() => {
    let current = true;
    householdApi.about(code).then(
      (about) => current && setKnown({ about }),
      (error: unknown) => {
        if (!current || !(error instanceof ApiError && error.status === 404)) return;
        forgetInvite(window.localStorage);
        setKnown({ invalid: joinErrorText(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [code]);

  if (!known) return null;
  if ('invalid' in known) {
    return (
      <p className="alert alert--danger" role="alert" data-testid="join-invalid">
        {known.invalid}
      </p>
    );
  }
  const { householdName, invitedBy } = known.about;
  return (
    <p className="tr-join__invite" data-testid="join-invited-by">
      {invitedBy ? (
        <Trans t={t} i18nKey="invite.by" values={{ inviter: invitedBy, family: householdName }} components={{ b: <strong /> }} />
      ) : (
        <Trans t={t} i18nKey="invite.family" values={{ family: householdName }} components={{ b: <strong /> }} />
      )}
    </p>
  );
}
