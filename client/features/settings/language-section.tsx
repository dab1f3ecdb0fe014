import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../i18n/language-picker.js';

/** Settings > Language (issue 24): the person's language, on every device of theirs and in their emails. */
export function LanguageSection() {
  const { t } = useTranslation();
  return (
    <section className="card tr-settings__card" aria-labelledby="settings-language">
      <h2 id="settings-language">{t('language.label')}</h2>
      <p className="muted">{t('language.settingsIntro')}</p>
      <LanguagePicker />
    </section>
  );
}
