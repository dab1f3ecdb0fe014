import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../shared/languages.js';
import { prepareLanguagesForOffline } from '../pwa/register-sw.js';
import { chooseLanguage } from './language-sync.js';

/**
 * The language menu (public pages' footer, Settings). Each language is named in its own words;
 * the change shows at once, works offline, and reaches the person's other devices (decision 042).
 */
export function LanguagePicker({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <div className={['language-picker', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{t('language.label')}</label>
      <select
        id={id}
        value={current}
        onFocus={prepareLanguagesForOffline}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void chooseLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
