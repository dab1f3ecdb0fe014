// Temporary: replaced by the real screen in the next commit.
export function PrivacyPage() {
  return <div className="page"><h1>PrivacyPage</h1></div>;
}
