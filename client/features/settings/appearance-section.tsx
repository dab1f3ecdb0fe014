import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../components/fields.js';
import { readTheme, saveTheme, type ThemeChoice } from '../../lib/theme.js';

const THEMES: ThemeChoice[] = ['system', 'light', 'dark'];

/** Settings -> Appearance: light, dark, or what the phone or computer uses (for this device only). */
export function AppearanceSection() {
  const { t } = useTranslation('settings');
  const [theme, setTheme] = useState<ThemeChoice>(() => readTheme(window.localStorage));
  return (
    <Select
      label={t('appearance.theme')}
      hint={t('appearance.hint')}
      name="theme"
      options={THEMES.map((value) => ({ value, label: t(`appearance.themes.${value}`) }))}
      value={theme}
      onChange={(event) => {
        const next = event.target.value as ThemeChoice;
        setTheme(next);
        saveTheme(window.localStorage, document.documentElement, next);
      }}
    />
  );
}
