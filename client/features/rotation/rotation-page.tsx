// PLACEHOLDER written by the client-foundation engineer so the router builds;
// the data-screens engineer replaces this file.
export function RotationPage() {
  return (
    <div className="page">
      <h1>Rotation</h1>
    </div>
  );
}
