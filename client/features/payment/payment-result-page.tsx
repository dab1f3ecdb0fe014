import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CardPage } from '../../components/card-page.js';
import { Logo } from '../../components/logo.js';

function PaymentResult({ title, children }: { title: string; children: ReactNode }) {
  return (
    <CardPage className="payment-result">
      <div style={{ display: 'grid', justifyItems: 'center' }}>
        <Logo size={72} />
      </div>
      <p className="tagline" style={{ textAlign: 'center' }}>
        Toy Rotation Made Simple
      </p>
      <h1>{title}</h1>
      {children}
    </CardPage>
  );
}

export function PaymentSuccessPage() {
  return (
    <PaymentResult title="Payment successful">
      <p>Thank you for upgrading to Premium! Please restart the app so everything works correctly with your new plan.</p>
      <p>
        <Link to="/">Go to Toy Rotation</Link>
      </p>
    </PaymentResult>
  );
}

export function PaymentCanceledPage() {
  return (
    <PaymentResult title="Payment canceled">
      <p>No payment was taken. You can keep using the Free plan and upgrade whenever you like.</p>
      <p>
        <Link to="/pricingnoauth">See plans</Link>
      </p>
    </PaymentResult>
  );
}
