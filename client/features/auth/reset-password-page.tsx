// Temporary: replaced by the real screen in the next commit.
export function ResetPasswordPage() {
  return <div className="page"><h1>ResetPasswordPage</h1></div>;
}
