/** One VAPID key pair for test servers that share a database (VAPID keys are then required, like CAPTCHA_SECRET). */
export const TEST_VAPID_KEYS = {
  VAPID_PUBLIC_KEY: 'BDicfiPVp1h_K6_xLAAgrmZukroApXKb9ehN5T99DRuG4UXFqUcDcQokISmNDzVrsp6W5KES1jxdAUyEIZKtURk',
  VAPID_PRIVATE_KEY: 'kwDiBmCcbyPLV9M-_v0f1B4mDa1CNwC0WNJSWloUYHY',
};
