// Temporary: replaced by the real screen in the next commit.
export function DeletionPage() {
  return <div className="page"><h1>DeletionPage</h1></div>;
}
