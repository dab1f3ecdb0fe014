// Temporary: replaced by the real screen in the next commit.
export function TermsPage() {
  return <div className="page"><h1>TermsPage</h1></div>;
}
