import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession, useSyncStatus } from '../../session/session.js';
import { CollectionsIcon, InventoryIcon, RotateIcon, SettingsIcon } from '../../components/icons.js';
import { useHomeSummary } from './use-home-summary.js';
import { useHasRotatableToys } from './use-rotatable-toys.js';
import { DueLine } from '../../components/due-line.js';
import { namedChildren } from '../../hooks/use-children.js';
import { useSettings } from '../../hooks/use-local-data.js';
import { useNow } from '../../hooks/use-now.js';
import { useUserDb } from '../../hooks/use-user-db.js';
import { DATE_STYLES, formatDate } from '../../i18n/format.js';
import './home-page.css';

/** `tile` names the tile's words in home.json (tiles.<tile>.title and .text). */
const TILES = [
  { to: '/inventory', Icon: InventoryIcon, tile: 'inventory' },
  { to: '/baskets', Icon: CollectionsIcon, tile: 'collections' },
  { to: '/rotation', Icon: RotateIcon, tile: 'rotation' },
  { to: '/settings', Icon: SettingsIcon, tile: 'settings' },
] as const;

/** / when signed in: a friendly start that points at the screens. */
export function HomePage() {
  const { t } = useTranslation('home');
  const { username } = useSession();
  const summary = useHomeSummary();
  const rotatable = useHasRotatableToys();
  const settings = useSettings(useUserDb().db);
  const children = namedChildren(settings);
  const now = useNow();
  // A new device's first sync: no toys here yet says nothing about the household's toys, so the
  // page says they are on their way instead of "empty" and "Add your first toy".
  const sync = useSyncStatus();
  const arriving = summary?.toys === 0 && sync.lastSyncedAt === null && sync.state === 'syncing';

  return (
    <div className="page">
      <section className="home-hero">
        <h1>{username ? t('hello', { name: username }) : t('helloNoName')}</h1>
        <p className="tagline">{t('tagline')}</p>
        {summary && (
          <p className="home-hero__summary" data-testid="home-summary">
            {arriving ? (
              t('summary.arriving')
            ) : (
              <>
                {summary.toys === 0 ? t('summary.empty') : t('summary.toys', { count: summary.toys })}{' '}
                {summary.lastRotationDate ? t('summary.lastRotation', { date: formatDate(summary.lastRotationDate, DATE_STYLES.weekdayDay) }) : t('summary.noRotation')}
              </>
            )}
          </p>
        )}
        {settings &&
          children.map((child) => (
            <DueLine key={child.id} child={child} timeZone={settings.timeZone} now={now} who={children.length > 1 ? child.label : undefined} />
          ))}
        <div className="row home-hero__actions">
          {!summary || rotatable === undefined || arriving ? null : summary.toys === 0 ? (
            // Nothing to rotate yet: the way forward is adding toys.
            <Link to="/inventory" className="btn">
              <InventoryIcon size={20} /> {t('addFirst')}
            </Link>
          ) : !rotatable ? (
            // A rotation would be refused: say why, and lead to where it can be changed.
            <>
              <p className="home-hero__note" data-testid="home-nothing-to-rotate">
                {t('nothingToRotate')}
              </p>
              <Link to="/inventory" className="btn">
                <InventoryIcon size={20} /> {t('review')}
              </Link>
            </>
          ) : (
            <>
              <Link to="/rotation" className="btn">
                <RotateIcon size={20} /> {t('rotate')}
              </Link>
              <Link to="/inventory" className="btn btn--secondary">
                {t('addToy')}
              </Link>
            </>
          )}
        </div>
      </section>
      <h2 className="visually-hidden">{t('whereToGo')}</h2>
      <ul className="home-tiles">
        {TILES.map(({ to, Icon, tile }) => (
          <li key={to}>
            <Link to={to} className="home-tile">
              <span className="home-tile__icon">
                <Icon size={28} />
              </span>
              <span>
                <strong>{t(`tiles.${tile}.title`)}</strong>
                <span className="home-tile__text">{t(`tiles.${tile}.text`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="muted home-footnote">
        <Trans t={t} i18nKey="footnote" components={{ go: <Link to="/pricing" /> }} />
      </p>
    </div>
  );
}
