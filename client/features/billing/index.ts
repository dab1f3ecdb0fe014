// Billing feature: the failed-payment notice and the status hook behind it.
export { PaymentNotice, PaymentNoticeView } from './payment-notice';
export { useProductStatus } from './use-product-status';
export { loadBillingPortalUrl, loadProductStatus } from './billing-api';
