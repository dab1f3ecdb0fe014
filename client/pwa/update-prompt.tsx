import { Button } from '../components/button.js';
import { applyUpdate, useUpdateAvailable } from './register-sw.js';

export function UpdatePrompt() {
  const available = useUpdateAvailable();
  if (!available) return null;
  return (
    <div className="pwa-banner" role="status">
      <span>A new version is available</span>
      <Button size="small" onClick={applyUpdate}>
        Reload
      </Button>
    </div>
  );
}
