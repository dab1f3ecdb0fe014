import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/i18n.js';
import { formatNumber } from '../../i18n/format.js';

type StorageState = { usage: number; quota: number; persisted: boolean | null } | 'unsupported' | null;

const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** "1.5 MB" in the language shown (its decimal sign, and its unit names: French writes "Mo"). */
function formatBytes(bytes: number): string {
  if (bytes < 1024) return i18n.t('settings:storage.units.B', { value: formatNumber(bytes) });
  const units = UNITS;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value < 10 ? 1 : 0;
  const shown = formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
  return i18n.t(`settings:storage.units.${units[unit] ?? 'TB'}`, { value: shown });
}

/** How much this device holds for the app, and whether the browser may evict it. */
export function StorageInfo() {
  const { t } = useTranslation('settings');
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

  if (!supported || state === 'unsupported') return <p className="muted">{t('storage.unsupported')}</p>;
  if (state === null) return <p className="muted">{t('storage.checking')}</p>;
  return (
    <div className="tr-storage">
      <p>
        <strong>{t('storage.used')}</strong> {formatBytes(state.usage)}
      </p>
      <p>
        <strong>{t('storage.available')}</strong> {formatBytes(Math.max(0, state.quota - state.usage))}
      </p>
      <p>
        <strong>{t('storage.persistent')}</strong>{' '}
        {state.persisted === true ? t('storage.kept') : t('storage.mayClear')}
      </p>
    </div>
  );
}
