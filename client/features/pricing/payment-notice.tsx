import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { knownText } from '../../i18n/known-texts.js';
import type { ProductStatus } from '../../../shared/schemas/billing.js';
import { Alert } from '../../components/alert.js';
import { Button } from '../../components/button.js';
import { useSession } from '../../session/session.js';
import { loadBillingPortalUrl } from './billing-api.js';
import { useProductStatus } from './use-product-status.js';

/**
 * Shown while the last invoice failed (invoice.payment_failed): a persistent warning with a
 * way to fix the card in Stripe's billing portal. Renders nothing otherwise.
 */
export function PaymentNotice() {
  const { status } = useProductStatus();
  const { getToken } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const openPortal = async () => {
    const token = getToken();
    if (!token) return;
    setBusy(true);
    setError('');
    const result = await loadBillingPortalUrl(token);
    if ('url' in result) {
      window.location.assign(result.url);
      return; // keep the button busy while the browser leaves
    }
    setBusy(false);
    setError(knownText('pricing:server', result.error));
  };

  return <PaymentNoticeView status={status} busy={busy} error={error} onOpenPortal={() => void openPortal()} />;
}

type ViewProps = { status: ProductStatus | null; busy: boolean; error: string; onOpenPortal: () => void };

/** The notice itself, without data loading (rendered directly by tests). */
export function PaymentNoticeView({ status, busy, error, onOpenPortal }: ViewProps) {
  const { t } = useTranslation('pricing');
  if (!status?.paymentFailed) return null;
  return (
    <Alert variant="warning" className="payment-notice">
      <p>{t('paymentFailed')}</p>
      <Button size="small" busy={busy} onClick={onOpenPortal}>
        {t('openPortal')}
      </Button>
      {error && (
        <p className="payment-notice__error" role="alert">
          {error}
        </p>
      )}
    </Alert>
  );
}
