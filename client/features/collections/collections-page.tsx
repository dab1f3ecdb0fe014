// PLACEHOLDER written by the client-foundation engineer so the router builds;
// the data-screens engineer replaces this file.
export function CollectionsPage() {
  return (
    <div className="page">
      <h1>Collections</h1>
    </div>
  );
}
