// Temporary: replaced by the real screen in the next commit.
export function ForgotPasswordPage() {
  return <div className="page"><h1>ForgotPasswordPage</h1></div>;
}
