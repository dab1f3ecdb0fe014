// Every public route of spec section 2 with the heading a visitor sees on it (public-pages and
// prerender tests).
export const PUBLIC_PAGES = [
  { path: '/frontpage', name: 'frontpage', heading: 'Toy Rotation' },
  { path: '/login', name: 'login', heading: 'Log In' },
  { path: '/register', name: 'register', heading: 'Register' },
  { path: '/forgotpassword', name: 'forgotpassword', heading: 'Forgot password' },
  { path: '/resetpassword/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', name: 'resetpassword', heading: 'Reset password' },
  { path: '/passwordreset/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', name: 'passwordreset', heading: 'Reset password' },
  { path: '/RecoverPassword', name: 'recoverpassword', heading: 'Reset your password in the iPhone app' },
  { path: '/terms', name: 'terms', heading: 'Terms of Use' },
  { path: '/privacy', name: 'privacy', heading: 'Privacy Policy' },
  { path: '/contactus', name: 'contactus', heading: 'Contact Us' },
  { path: '/beehealthycontactus', name: 'beehealthycontactus', heading: 'Contact Us' },
  { path: '/deletionform', name: 'deletionform', heading: 'Deletion Request' },
  { path: '/pricingnoauth', name: 'pricingnoauth', heading: 'Plans and pricing' },
  { path: '/paymentsuccess', name: 'paymentsuccess', heading: 'Payment successful' },
  { path: '/paymentcanceled', name: 'paymentcanceled', heading: 'Payment canceled' },
] as const;
