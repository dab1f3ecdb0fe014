import { useEffect, useState } from 'react';

type StorageState = { usage: number; quota: number; persisted: boolean | null } | 'unsupported' | null;

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** How much this device holds for the app, and whether the browser may evict it. */
export function StorageInfo() {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  const supported = Boolean(storage?.estimate);
  const [state, setState] = useState<StorageState>(null);
  useEffect(() => {
    if (!storage?.estimate) return;
    let cancelled = false;
    Promise.all([storage.estimate(), storage.persisted ? storage.persisted() : Promise.resolve(null)])
      .then(([estimate, persisted]) => {
        if (!cancelled) setState({ usage: estimate.usage ?? 0, quota: estimate.quota ?? 0, persisted });
      })
      .catch(() => !cancelled && setState('unsupported'));
    return () => {
      cancelled = true;
    };
  }, [storage]);

  if (!supported) return <p className="muted">This browser does not report its storage use.</p>;
  if (state === null) return <p className="muted">Checking storage…</p>;
  if (state === 'unsupported') return <p className="muted">This browser does not report its storage use.</p>;
  return (
    <div className="tr-storage">
      <p>
        <strong>Storage used:</strong> {formatBytes(state.usage)}
      </p>
      <p>
        <strong>Available:</strong> {formatBytes(Math.max(0, state.quota - state.usage))}
      </p>
      <p>
        <strong>Persistent storage:</strong>{' '}
        {state.persisted === true
          ? 'Yes: the browser keeps your toys and photos on this device.'
          : 'No: the browser may clear data stored on this device when space runs low. Everything synced is safe on the server; on an iPhone, adding the app to the Home Screen helps keep it.'}
      </p>
    </div>
  );
}
