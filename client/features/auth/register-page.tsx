// Temporary: replaced by the real screen in the next commit.
export function RegisterPage() {
  return <div className="page"><h1>RegisterPage</h1></div>;
}
