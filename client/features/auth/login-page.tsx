// Temporary: replaced by the real screen in the next commit.
export function LoginPage() {
  return <div className="page"><h1>LoginPage</h1></div>;
}
