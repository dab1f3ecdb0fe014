import { useCallback, useEffect, useRef, useState } from 'react';

// Messages and banners hide after 5 seconds (spec section 9).
export const FLASH_MS = 5000;

export type Flash = { text: string; tone: 'success' | 'danger' | 'info'; key: number };

/** A message that clears itself FLASH_MS after it was last shown. */
export function useFlash(): [Flash | null, (text: string, tone?: Flash['tone']) => void, () => void] {
  const [flash, setFlash] = useState<Flash | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setFlash(null);
  }, []);
  const show = useCallback((text: string, tone: Flash['tone'] = 'info') => {
    clearTimeout(timer.current);
    setFlash({ text, tone, key: Date.now() });
    timer.current = setTimeout(() => setFlash(null), FLASH_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [flash, show, clear];
}
