import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguagePicker } from '../i18n/language-picker.js';

// Where the project's social accounts live; one place to change them.
const SOCIAL_LINKS = [
  { name: 'Instagram', href: 'https://www.instagram.com/toyrotation', path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5h.01' },
  { name: 'Facebook', href: 'https://www.facebook.com/toyrotation', path: 'M15 3h-2a4 4 0 0 0-4 4v3H7v4h2v7h4v-7h3l1-4h-4V7a1 1 0 0 1 1-1h2z' },
  { name: 'YouTube', href: 'https://www.youtube.com/@toyrotation', path: 'M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zm7 1v6l5-3z' },
  { name: 'Pinterest', href: 'https://www.pinterest.com/toyrotation', path: 'M12 3a9 9 0 0 0-3.3 17.4M12 3a9 9 0 0 1 0 18M10 21l2-9m0 0a3 3 0 1 1 3 3' },
] as const;

/** Footer of the public pages: social links, then Terms of use, Privacy policy and Contact us, and the language. */
export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <ul className="site-footer__social" aria-label={t('footer.social')}>
        {SOCIAL_LINKS.map((link) => (
          <li key={link.name}>
            <a href={link.href} target="_blank" rel="noopener noreferrer" aria-label={t('footer.socialLink', { network: link.name })}>
              <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                <path d={link.path} />
              </svg>
            </a>
          </li>
        ))}
      </ul>
      <ul className="site-footer__links">
        <li>
          <Link to="/terms">{t('footer.terms')}</Link>
        </li>
        <li>
          <Link to="/privacy">{t('footer.privacy')}</Link>
        </li>
        <li>
          <Link to="/contactus">{t('footer.contact')}</Link>
        </li>
        <li>
          <Link to="/pricingnoauth">{t('footer.pricing')}</Link>
        </li>
      </ul>
      <LanguagePicker className="site-footer__language" />
      <p className="site-footer__copy">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
