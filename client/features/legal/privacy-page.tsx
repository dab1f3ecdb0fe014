import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteFooter } from '../../components/site-footer.js';
import { LegalText, TranslationNote } from './legal-text.js';
import './legal.css';

// The topics of spec sections 2 and 9, in order; their words are in legal.json (privacy.<topic>).
const COLLECTED = ['account', 'content', 'membership', 'messages', 'technical'] as const;
const USES = ['provide', 'safe', 'payments', 'legal', 'consent'] as const;
const SHARED_WITH = ['providers', 'youtube', 'authorities', 'successor'] as const;
const REGIONS = ['europe', 'california', 'virginia'] as const;

function Topic({ topic }: { topic: 'retention' | 'children' | 'security' | 'changes' | 'contact' }) {
  const { t } = useTranslation('legal');
  return (
    <>
      <h2>{t(`privacy.${topic}.title`)}</h2>
      <p>
        <LegalText i18nKey={`privacy.${topic}.body`} />
      </p>
    </>
  );
}

/** Privacy Policy: every topic of spec sections 2 and 9. */
export function PrivacyPage() {
  const { t } = useTranslation('legal');
  return (
    <>
      <article className="page prose legal">
        <h1>{t('privacy.title')}</h1>
        <p className="legal__meta">{t('privacy.effective')}</p>
        <TranslationNote />
        <p>{t('privacy.intro')}</p>

        <h2>{t('privacy.collect.title')}</h2>
        <ul>
          {COLLECTED.map((item) => (
            <li key={item}>
              <LegalText i18nKey={`privacy.collect.items.${item}`} />
            </li>
          ))}
        </ul>
        <p>{t('privacy.collect.photos')}</p>

        <h2>{t('privacy.use.title')}</h2>
        <ul>
          {USES.map((item) => (
            <li key={item}>
              <LegalText i18nKey={`privacy.use.items.${item}`} />
            </li>
          ))}
        </ul>

        <h2>{t('privacy.sharing.title')}</h2>
        <p>{t('privacy.sharing.body')}</p>
        <ul>
          {SHARED_WITH.map((item) => (
            <li key={item}>{t(`privacy.sharing.items.${item}`)}</li>
          ))}
        </ul>

        <Topic topic="retention" />
        <Topic topic="children" />

        <h2>{t('privacy.rights.title')}</h2>
        <p>{t('privacy.rights.body')}</p>
        {REGIONS.map((region) => (
          <Fragment key={region}>
            <h3>{t(`privacy.rights.${region}.title`)}</h3>
            <p>{t(`privacy.rights.${region}.body`)}</p>
          </Fragment>
        ))}

        <Topic topic="security" />
        <Topic topic="changes" />
        <Topic topic="contact" />
      </article>
      <SiteFooter />
    </>
  );
}
