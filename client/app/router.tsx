import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { APP_ROUTES } from '../../shared/routes.js';
import { GuestOnly, RequireSignIn } from './guards.js';
import { AppLayout } from './layout.js';
import { withScreenMessages } from '../i18n/i18n.js';
import { page } from './lazy-page.js';

// Every route of spec section 2, built from shared/routes.ts (the list the server answers
// with the app shell). Each screen is its own chunk, so /frontpage loads only what it shows
// (lazy-page.tsx). A signed-in screen brings the English of the screens with it (i18n.ts).

const HomePage = page(() => withScreenMessages(import('../features/home/home-page.js')), (m) => m.HomePage);
const FrontPage = page(() => import('../features/frontpage/front-page.js'), (m) => m.FrontPage);
const LoginPage = page(() => import('../features/auth/login-page.js'), (m) => m.LoginPage);
const RegisterPage = page(() => import('../features/auth/register-page.js'), (m) => m.RegisterPage);
const ForgotPasswordPage = page(() => import('../features/auth/forgot-password-page.js'), (m) => m.ForgotPasswordPage);
const ResetPasswordPage = page(() => import('../features/auth/reset-password-page.js'), (m) => m.ResetPasswordPage);
const RecoverPasswordPage = page(() => import('../features/auth/recover-password-page.js'), (m) => m.RecoverPasswordPage);
const TermsPage = page(() => import('../features/legal/terms-page.js'), (m) => m.TermsPage);
const PrivacyPage = page(() => import('../features/legal/privacy-page.js'), (m) => m.PrivacyPage);
const ContactPage = page(() => import('../features/contact/contact-page.js'), (m) => m.ContactPage);
const BeeHealthyContactPage = page(() => import('../features/contact/contact-page.js'), (m) => m.BeeHealthyContactPage);
const DeletionPage = page(() => import('../features/contact/deletion-page.js'), (m) => m.DeletionPage);
const PricingPage = page(() => import('../features/pricing/pricing-page.js'), (m) => m.PricingPage);
const PricingNoAuthPage = page(() => import('../features/pricing/pricing-page.js'), (m) => m.PricingNoAuthPage);
const PaymentSuccessPage = page(() => import('../features/payment/payment-result-page.js'), (m) => m.PaymentSuccessPage);
const PaymentCanceledPage = page(() => import('../features/payment/payment-result-page.js'), (m) => m.PaymentCanceledPage);
const InventoryPage = page(() => withScreenMessages(import('../features/inventory/inventory-page.js')), (m) => m.InventoryPage);
const CollectionsPage = page(() => withScreenMessages(import('../features/collections/collections-page.js')), (m) => m.CollectionsPage);
const RotationPage = page(() => withScreenMessages(import('../features/rotation/rotation-page.js')), (m) => m.RotationPage);
const HistoryPage = page(() => withScreenMessages(import('../features/history/history-page.js')), (m) => m.HistoryPage);
const SettingsPage = page(() => withScreenMessages(import('../features/settings/settings-page.js')), (m) => m.SettingsPage);
const JoinPage = page(() => withScreenMessages(import('../features/join/join-page.js')), (m) => m.JoinPage);
const NotFoundPage = page(() => import('./not-found-page.js'), (m) => m.NotFoundPage);

type AppRoute = (typeof APP_ROUTES)[number];

const signedIn = (element: ReactNode) => <RequireSignIn>{element}</RequireSignIn>;
const guestOnly = (element: ReactNode) => <GuestOnly>{element}</GuestOnly>;

/** The screen of every route in shared/routes.ts: a route added there does not compile until it has one. */
const SCREENS: Record<AppRoute, ReactNode> = {
  '/': signedIn(<HomePage />),
  '/inventory': signedIn(<InventoryPage />),
  '/settings': signedIn(<SettingsPage />),
  '/rotation': signedIn(<RotationPage />),
  '/pricing': signedIn(<PricingPage />),
  '/baskets': signedIn(<CollectionsPage />),
  '/history': signedIn(<HistoryPage />),
  '/frontpage': <FrontPage />,
  '/login': guestOnly(<LoginPage />),
  '/register': guestOnly(<RegisterPage />),
  '/forgotpassword': <ForgotPasswordPage />,
  '/resetpassword/:resetToken': <ResetPasswordPage />,
  '/passwordreset/:resetToken': <ResetPasswordPage />,
  '/RecoverPassword': <RecoverPasswordPage />,
  '/terms': <TermsPage />,
  '/privacy': <PrivacyPage />,
  '/contactus': <ContactPage />,
  '/beehealthycontactus': <BeeHealthyContactPage />,
  '/deletionform': <DeletionPage />,
  '/pricingnoauth': <PricingNoAuthPage />,
  '/paymentsuccess': <PaymentSuccessPage />,
  '/paymentcanceled': <PaymentCanceledPage />,
  '/join/:code': <JoinPage />,
};

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {APP_ROUTES.map((path) => (
          <Route key={path} caseSensitive path={path} element={SCREENS[path]} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
