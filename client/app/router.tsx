import { lazy, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { GuestOnly, RequireSignIn } from './guards';
import { AppLayout } from './layout';

// Every route of spec section 2 (shared/routes.ts lists the same paths for the server).
// Each screen is its own chunk, so /frontpage loads only what it shows.

function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => ({ default: pick(await load()) }));
}

const HomePage = page(() => import('../features/home/home-page'), (m) => m.HomePage);
const FrontPage = page(() => import('../features/frontpage/front-page'), (m) => m.FrontPage);
const LoginPage = page(() => import('../features/auth/login-page'), (m) => m.LoginPage);
const RegisterPage = page(() => import('../features/auth/register-page'), (m) => m.RegisterPage);
const ForgotPasswordPage = page(() => import('../features/auth/forgot-password-page'), (m) => m.ForgotPasswordPage);
const ResetPasswordPage = page(() => import('../features/auth/reset-password-page'), (m) => m.ResetPasswordPage);
const RecoverPasswordPage = page(() => import('../features/auth/recover-password-page'), (m) => m.RecoverPasswordPage);
const TermsPage = page(() => import('../features/legal/terms-page'), (m) => m.TermsPage);
const PrivacyPage = page(() => import('../features/legal/privacy-page'), (m) => m.PrivacyPage);
const ContactPage = page(() => import('../features/contact/contact-page'), (m) => m.ContactPage);
const BeeHealthyContactPage = page(() => import('../features/contact/contact-page'), (m) => m.BeeHealthyContactPage);
const DeletionPage = page(() => import('../features/contact/deletion-page'), (m) => m.DeletionPage);
const PricingPage = page(() => import('../features/pricing/pricing-page'), (m) => m.PricingPage);
const PricingNoAuthPage = page(() => import('../features/pricing/pricing-page'), (m) => m.PricingNoAuthPage);
const PaymentSuccessPage = page(() => import('../features/payment/payment-result-page'), (m) => m.PaymentSuccessPage);
const PaymentCanceledPage = page(() => import('../features/payment/payment-result-page'), (m) => m.PaymentCanceledPage);
const InventoryPage = page(() => import('../features/inventory/inventory-page'), (m) => m.InventoryPage);
const CollectionsPage = page(() => import('../features/collections/collections-page'), (m) => m.CollectionsPage);
const RotationPage = page(() => import('../features/rotation/rotation-page'), (m) => m.RotationPage);
const SettingsPage = page(() => import('../features/settings/settings-page'), (m) => m.SettingsPage);
const NotFoundPage = page(() => import('./not-found-page'), (m) => m.NotFoundPage);

const signedIn = (element: ReactNode) => <RequireSignIn>{element}</RequireSignIn>;
const guestOnly = (element: ReactNode) => <GuestOnly>{element}</GuestOnly>;

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route caseSensitive path="/" element={signedIn(<HomePage />)} />
        <Route caseSensitive path="/inventory" element={signedIn(<InventoryPage />)} />
        <Route caseSensitive path="/settings" element={signedIn(<SettingsPage />)} />
        <Route caseSensitive path="/rotation" element={signedIn(<RotationPage />)} />
        <Route caseSensitive path="/pricing" element={signedIn(<PricingPage />)} />
        <Route caseSensitive path="/baskets" element={signedIn(<CollectionsPage />)} />

        <Route caseSensitive path="/frontpage" element={<FrontPage />} />
        <Route caseSensitive path="/login" element={guestOnly(<LoginPage />)} />
        <Route caseSensitive path="/register" element={guestOnly(<RegisterPage />)} />
        <Route caseSensitive path="/forgotpassword" element={<ForgotPasswordPage />} />
        <Route caseSensitive path="/resetpassword/:resetToken" element={<ResetPasswordPage />} />
        <Route caseSensitive path="/passwordreset/:resetToken" element={<ResetPasswordPage />} />
        <Route caseSensitive path="/RecoverPassword" element={<RecoverPasswordPage />} />
        <Route caseSensitive path="/terms" element={<TermsPage />} />
        <Route caseSensitive path="/privacy" element={<PrivacyPage />} />
        <Route caseSensitive path="/contactus" element={<ContactPage />} />
        <Route caseSensitive path="/beehealthycontactus" element={<BeeHealthyContactPage />} />
        <Route caseSensitive path="/deletionform" element={<DeletionPage />} />
        <Route caseSensitive path="/pricingnoauth" element={<PricingNoAuthPage />} />
        <Route caseSensitive path="/paymentsuccess" element={<PaymentSuccessPage />} />
        <Route caseSensitive path="/paymentcanceled" element={<PaymentCanceledPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
