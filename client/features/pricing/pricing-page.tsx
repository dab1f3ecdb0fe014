// Temporary: replaced by the real screen in the next commit.
export function PricingPage() {
  return <div className="page"><h1>PricingPage</h1></div>;
}
export function PricingNoAuthPage() {
  return <div className="page"><h1>PricingNoAuthPage</h1></div>;
}
