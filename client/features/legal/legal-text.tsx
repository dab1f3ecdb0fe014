import type { ReactElement } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

// The legal pages' paragraphs come from legal.json; a paragraph may link to another page or
// mark a part still to be completed, by these tags.
const TAGS: Record<string, ReactElement> = {
  privacy: <Link to="/privacy" />,
  deletion: <Link to="/deletionform" />,
  contact: <Link to="/contactus" />,
  ph: <span className="placeholder" />,
  b: <strong />,
};

/** One message of legal.json with its links and emphasis. */
export function LegalText({ i18nKey }: { i18nKey: string }) {
  const { t } = useTranslation('legal');
  return <Trans t={t} i18nKey={i18nKey as never} components={TAGS} />;
}

/**
 * In any language but English: the translation is a courtesy and the English text applies
 * (what people expect of translated terms; the English pages are the ones the spec words).
 */
export function TranslationNote() {
  const { t, i18n } = useTranslation('legal');
  if (i18n.language === 'en') return null;
  return <p className="legal__meta" data-testid="legal-translation-note">{t('translationNote')}</p>;
}
