// Temporary: replaced by the real screen in the next commit.
export function FrontPage() {
  return <div className="page"><h1>FrontPage</h1></div>;
}
