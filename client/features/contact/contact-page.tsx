// Temporary: replaced by the real screen in the next commit.
export function ContactPage() {
  return <div className="page"><h1>ContactPage</h1></div>;
}
export function BeeHealthyContactPage() {
  return <div className="page"><h1>BeeHealthyContactPage</h1></div>;
}
