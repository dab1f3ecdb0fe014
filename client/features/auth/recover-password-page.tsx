// Temporary: replaced by the real screen in the next commit.
export function RecoverPasswordPage() {
  return <div className="page"><h1>RecoverPasswordPage</h1></div>;
}
