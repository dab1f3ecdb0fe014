import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CardPage } from '../../components/card-page.js';
import { Logo } from '../../components/logo.js';

function PaymentResult({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('public');
  return (
    <CardPage className="payment-result">
      <div style={{ display: 'grid', justifyItems: 'center' }}>
        <Logo size={72} />
      </div>
      <p className="tagline" style={{ textAlign: 'center' }}>
        {t('payment.tagline')}
      </p>
      <h1>{title}</h1>
      {children}
    </CardPage>
  );
}

export function PaymentSuccessPage() {
  const { t } = useTranslation('public');
  return (
    <PaymentResult title={t('payment.success.title')}>
      <p>{t('payment.success.text')}</p>
      <p>
        <Link to="/">{t('payment.success.link')}</Link>
      </p>
    </PaymentResult>
  );
}

export function PaymentCanceledPage() {
  const { t } = useTranslation('public');
  return (
    <PaymentResult title={t('payment.canceled.title')}>
      <p>{t('payment.canceled.text')}</p>
      <p>
        <Link to="/pricingnoauth">{t('payment.canceled.link')}</Link>
      </p>
    </PaymentResult>
  );
}
