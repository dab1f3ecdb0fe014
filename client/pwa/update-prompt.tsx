import { useTranslation } from 'react-i18next';
import { Button } from '../components/button.js';
import { applyUpdate, useUpdateAvailable } from './register-sw.js';

export function UpdatePrompt() {
  const { t } = useTranslation('app');
  const available = useUpdateAvailable();
  if (!available) return null;
  return (
    <div className="pwa-banner" role="status">
      <span>{t('update.available')}</span>
      <Button size="small" onClick={applyUpdate}>
        {t('update.reload')}
      </Button>
    </div>
  );
}
