import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { knownText } from '../../i18n/known-texts.js';
import { useSession } from '../../session/session.js';
import { Alert } from '../../components/alert.js';
import { Button } from '../../components/button.js';
import { SiteFooter } from '../../components/site-footer.js';
import { PlanCards } from './plan-cards.js';
import { arePaymentsEnabled, fetchProductStatus, loadPaymentUrl, type PaymentPath, type StatusAnswer } from './billing-api.js';
import { useLocalPlan } from './use-local-plan.js';
import './pricing.css';
import type { Plan } from '../../../shared/domain/plans.js';

function PricingIntro() {
  const { t } = useTranslation('pricing');
  return (
    <div className="pricing-intro">
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
    </div>
  );
}

/** /pricing (signed in): Upgrade for free users, the billing portal for paid users. */
export function PricingPage() {
  const { t } = useTranslation('pricing');
  const { token } = useSession();
  const localPlan = useLocalPlan();
  const [status, setStatus] = useState<StatusAnswer | null>(null);
  const [paymentsOff, setPaymentsOff] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!token) return;
    let active = true;
    void fetchProductStatus(token).then((result) => {
      if (!active) return;
      setStatus(result);
      if (result.kind === 'payments-off') setPaymentsOff(true);
    });
    return () => {
      active = false;
    };
  }, [token]);

  const plan: Plan | null =
    status?.kind === 'status' ? status.status.status : localPlan;

  const go = async (path: PaymentPath) => {
    if (!token) return;
    setBusy(true);
    setError('');
    const result = await loadPaymentUrl(path, token);
    if ('url' in result) {
      window.location.assign(result.url);
      return;
    }
    setBusy(false);
    if (result.paymentsOff) setPaymentsOff(true);
    else setError(knownText('pricing:server', result.error));
  };

  const premiumAction = paymentsOff ? (
    <PaymentsUnavailable />
  ) : plan === 'paid' ? (
    <Button block busy={busy} onClick={() => void go('/api/stripe/billing_portal')}>
      {t('manage')}
    </Button>
  ) : (
    <Button block busy={busy} disabled={!navigator.onLine} onClick={() => void go('/api/stripe/create_checkout_link_premium')}>
      {t('upgrade')}
    </Button>
  );

  return (
    <div className="page">
      <PricingIntro />
      {paymentsOff && (
        <Alert variant="info" className="pricing-note">
          {t('paymentsOff')}
        </Alert>
      )}
      {error && (
        <Alert variant="danger" className="pricing-note" onHide={() => setError('')}>
          {error}
        </Alert>
      )}
      {!navigator.onLine && !paymentsOff && (
        <Alert variant="warning" className="pricing-note">
          {t('offlineNote')}
        </Alert>
      )}
      <PlanCards current={plan} premiumAction={premiumAction} />
    </div>
  );
}

/** Said where an Upgrade button would be, so a server without payments is no dead end. */
function PaymentsUnavailable() {
  const { t } = useTranslation('pricing');
  return (
    <p className="muted plan-card__unavailable" data-testid="payments-unavailable">
      {t('unavailable')}
    </p>
  );
}

/** /pricingnoauth: the same cards for visitors, with ways in. */
export function PricingNoAuthPage() {
  const { t } = useTranslation('pricing');
  const { signedIn } = useSession();
  const [paymentsEnabled, setPaymentsEnabled] = useState<boolean | null>(null);
  useEffect(() => {
    let active = true;
    void arePaymentsEnabled().then((enabled) => active && setPaymentsEnabled(enabled));
    return () => {
      active = false;
    };
  }, []);
  return (
    <>
      <div className="page">
        <PricingIntro />
        <PlanCards
          freeAction={
            signedIn ? null : (
              <Link to="/register" className="btn btn--secondary btn--block">
                {t('registerFree')}
              </Link>
            )
          }
          premiumAction={
            paymentsEnabled === false ? (
              <PaymentsUnavailable />
            ) : (
              <Link to={signedIn ? '/pricing' : '/login'} className="btn btn--block">
                {signedIn ? t('upgrade') : t('logInToUpgrade')}
              </Link>
            )
          }
        />
      </div>
      <SiteFooter />
    </>
  );
}
