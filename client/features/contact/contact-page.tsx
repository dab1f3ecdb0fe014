import { Link } from 'react-router-dom';
import { Trans, useTranslation } from 'react-i18next';
import { CardPage } from '../../components/card-page.js';
import { ContactForm } from './contact-form.js';
import { BEE_HEALTHY_SUBJECT, CONTACT_SUBJECT } from '../../../shared/schemas/support-rules.js';

function BeeIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" style={{ verticalAlign: 'middle' }}>
      <ellipse cx="11" cy="10" rx="6" ry="4" fill="#cfe3f2" stroke="#2e2a26" strokeWidth="1.5" transform="rotate(-30 11 10)" />
      <ellipse cx="20" cy="9" rx="6" ry="4" fill="#cfe3f2" stroke="#2e2a26" strokeWidth="1.5" transform="rotate(30 20 9)" />
      <ellipse cx="16" cy="19" rx="10" ry="7.5" fill="#e9b949" stroke="#2e2a26" strokeWidth="1.5" />
      <path d="M13 12.5v13M19 12.5v13" stroke="#2e2a26" strokeWidth="3" />
    </svg>
  );
}

export function ContactPage() {
  const { t } = useTranslation('contact');
  return (
    <CardPage>
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <ContactForm subject={CONTACT_SUBJECT} />
      <p className="muted contact-note">
        <Trans t={t} i18nKey="deletionNote" components={{ go: <Link to="/deletionform" /> }} />
      </p>
    </CardPage>
  );
}

/** The bee-health app shares the form, under its own heading and subject. */
export function BeeHealthyContactPage() {
  const { t } = useTranslation('contact');
  return (
    <CardPage>
      <p className="app-heading">
        <BeeIcon /> {t('bee.app')}
      </p>
      <h1>{t('title')}</h1>
      <p className="muted">{t('bee.intro')}</p>
      <ContactForm subject={BEE_HEALTHY_SUBJECT} />
    </CardPage>
  );
}
