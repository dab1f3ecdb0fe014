import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert.js';
import { pendingPlace } from '../../session/pending-place.js';

/** After a bin label was scanned signed out: what signing in is for (decision 048). */
export function PlaceSignInNotice() {
  const { t } = useTranslation('binLabels');
  const [place] = useState(() => pendingPlace(window.localStorage, Date.now()));
  if (!place) return null;
  return (
    <div data-testid="place-sign-in">
      <Alert variant="info">{t('signIn', { place })}</Alert>
    </div>
  );
}
