// Temporary: replaced by the real screen in the next commit.
export function PaymentSuccessPage() {
  return <div className="page"><h1>PaymentSuccessPage</h1></div>;
}
export function PaymentCanceledPage() {
  return <div className="page"><h1>PaymentCanceledPage</h1></div>;
}
