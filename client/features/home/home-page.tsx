// Temporary: replaced by the real screen in the next commit.
export function HomePage() {
  return <div className="page"><h1>HomePage</h1></div>;
}
