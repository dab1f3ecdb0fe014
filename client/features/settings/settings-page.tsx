// PLACEHOLDER written by the client-foundation engineer so the router builds;
// the data-screens engineer replaces this file.
export function SettingsPage() {
  return (
    <div className="page">
      <h1>Settings</h1>
    </div>
  );
}
