import { useTranslation } from 'react-i18next';
import { SiteFooter } from '../../components/site-footer.js';
import { LegalText, TranslationNote } from './legal-text.js';
import './legal.css';

/** The 12 numbered sections of spec section 2, in order; their words are in legal.json (terms.<section>). */
const SECTIONS = [
  'acceptance',
  'content',
  'conduct',
  'membership',
  'ip',
  'privacy',
  'warranties',
  'liability',
  'indemnification',
  'changes',
  'law',
  'severability',
] as const;
const CONDUCT = ['unlawful', 'access', 'disrupt', 'commercial'] as const;

/** Terms of Use: the 12 numbered sections of spec section 2. */
export function TermsPage() {
  const { t } = useTranslation('legal');
  return (
    <>
      <article className="page prose legal">
        <h1>{t('terms.title')}</h1>
        <p className="legal__meta">{t('terms.updated')}</p>
        <TranslationNote />
        <p>{t('terms.intro')}</p>
        <ol className="legal__sections">
          {SECTIONS.map((section) => (
            <li key={section}>
              <h2>{t(`terms.${section}.title`)}</h2>
              <p>
                <LegalText i18nKey={`terms.${section}.body`} />
              </p>
              {section === 'conduct' && (
                <ul>
                  {CONDUCT.map((item) => (
                    <li key={item}>{t(`terms.conduct.items.${item}`)}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
        <p>
          <LegalText i18nKey="terms.questions" />
        </p>
      </article>
      <SiteFooter />
    </>
  );
}
