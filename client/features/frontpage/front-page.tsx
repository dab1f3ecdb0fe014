import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { InventoryIcon, PlusIcon, RotateIcon, SettingsIcon } from '../../components/icons.js';
import { Logo } from '../../components/logo.js';
import { SiteFooter } from '../../components/site-footer.js';
import { REASONS } from './reasons.js';
import { StoreBadges } from './store-badges.js';
import { HAS_INTRO_VIDEO, VideoEmbed } from './video-embed.js';
import './front-page.css';

const GET_STARTED = [
  { to: '/inventory', Icon: InventoryIcon, key: 'inventory' },
  { to: '/inventory', Icon: PlusIcon, key: 'add' },
  { to: '/settings', Icon: SettingsIcon, key: 'settings' },
  { to: '/rotation', Icon: RotateIcon, key: 'rotate' },
] as const;

/** The landing page (/frontpage, and / for visitors). */
export function FrontPage() {
  const { t } = useTranslation('public');
  return (
    <div className="landing">
      <section className="hero">
        <Logo size={96} title={t('front.logo')} />
        <h1>{t('front.name')}</h1>
        <p className="tagline hero__tagline">{t('front.tagline')}</p>
        <p className="hero__lead">{t('front.lead')}</p>
        <div className="row hero__actions">
          <Link to="/register" className="btn">
            {t('front.start')}
          </Link>
          <Link to="/login" className="btn btn--secondary">
            {t('front.logIn')}
          </Link>
        </div>
        <StoreBadges />
      </section>

      <section className="landing__section" aria-labelledby="about-title">
        <h2 id="about-title">{t('front.about.title')}</h2>
        <div className="about">
          <p>{t('front.about.p1')}</p>
          <p>{t('front.about.p2')}</p>
          <p>{t('front.about.p3')}</p>
        </div>
      </section>

      <section className="landing__section" aria-labelledby="start-title">
        <h2 id="start-title">{t('front.getStarted.title')}</h2>
        <ul className="get-started">
          {GET_STARTED.map(({ to, Icon, key }) => (
            <li key={key}>
              <Link to={to} className="get-started__link">
                <span className="get-started__icon">
                  <Icon size={30} />
                </span>
                <strong>{t(`front.getStarted.${key}.title`)}</strong>
                <span className="muted">{t(`front.getStarted.${key}.text`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {HAS_INTRO_VIDEO && (
        <section className="landing__section" aria-labelledby="video-title">
          <h2 id="video-title">{t('front.video.title')}</h2>
          <VideoEmbed title={t('front.video.name')} />
        </section>
      )}

      <section className="landing__section" aria-labelledby="reasons-title">
        <h2 id="reasons-title">{t('front.reasons.title')}</h2>
        <ul className="reasons">
          {REASONS.map((reason) => (
            <li key={reason.key} className="card">
              <span className="reasons__icon">
                <reason.Icon size={26} />
              </span>
              <h3>{t(`front.reasons.${reason.key}.title`)}</h3>
              <p>{t(`front.reasons.${reason.key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <SiteFooter />
    </div>
  );
}
