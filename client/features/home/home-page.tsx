import { Link } from 'react-router-dom';
import { useSession } from '../../session/session.js';
import { CollectionsIcon, InventoryIcon, RotateIcon, SettingsIcon } from '../../components/icons.js';
import { useHomeSummary } from './use-home-summary.js';
import { useHasRotatableToys } from './use-rotatable-toys.js';
import { DueLine } from '../../components/due-line.js';
import { namedChildren } from '../../hooks/use-children.js';
import { useSettings } from '../../hooks/use-local-data.js';
import { useNow } from '../../hooks/use-now.js';
import { useUserDb } from '../../hooks/use-user-db.js';
import './home-page.css';

const TILES = [
  { to: '/inventory', Icon: InventoryIcon, title: 'Inventory', text: 'Add toys with a photo, search, filter and edit them.' },
  { to: '/baskets', Icon: CollectionsIcon, title: 'Collections', text: 'Group toys into named sets, like “Bath time” or “Rainy day”.' },
  { to: '/rotation', Icon: RotateIcon, title: 'Rotation', text: 'Press Rotate for a fresh, random selection of toys.' },
  { to: '/settings', Icon: SettingsIcon, title: 'Settings', text: 'Choose how many toys come out and manage categories.' },
] as const;

function formatDay(at: number): string {
  return new Date(at).toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
}

/** / when signed in: a friendly start that points at the screens. */
export function HomePage() {
  const { username } = useSession();
  const summary = useHomeSummary();
  const rotatable = useHasRotatableToys();
  const settings = useSettings(useUserDb().db);
  const children = namedChildren(settings);
  const now = useNow();

  return (
    <div className="page">
      <section className="home-hero">
        <h1>{username ? `Hello, ${username}!` : 'Hello!'}</h1>
        <p className="tagline">Toy Rotation Made Simple</p>
        {summary && (
          <p className="home-hero__summary" data-testid="home-summary">
            {summary.toys === 0
              ? 'Your inventory is empty. Add your first toy to get started.'
              : `You have ${summary.toys} ${summary.toys === 1 ? 'toy' : 'toys'} in your inventory.`}{' '}
            {summary.lastRotationDate ? `Last rotation: ${formatDay(summary.lastRotationDate)}.` : 'No rotation yet.'}
          </p>
        )}
        {settings &&
          children.map((child) => (
            <DueLine key={child.id} child={child} timeZone={settings.timeZone} now={now} who={children.length > 1 ? child.label : undefined} />
          ))}
        <div className="row home-hero__actions">
          {!summary || rotatable === undefined ? null : summary.toys === 0 ? (
            // Nothing to rotate yet: the way forward is adding toys.
            <Link to="/inventory" className="btn">
              <InventoryIcon size={20} /> Add your first toy
            </Link>
          ) : !rotatable ? (
            // A rotation would be refused: say why, and lead to where it can be changed.
            <>
              <p className="home-hero__note" data-testid="home-nothing-to-rotate">
                Every toy is left out of rotations or retired, so there is nothing to bring out.
              </p>
              <Link to="/inventory" className="btn">
                <InventoryIcon size={20} /> Review your toys
              </Link>
            </>
          ) : (
            <>
              <Link to="/rotation" className="btn">
                <RotateIcon size={20} /> Rotate toys
              </Link>
              <Link to="/inventory" className="btn btn--secondary">
                Add a toy
              </Link>
            </>
          )}
        </div>
      </section>
      <h2 className="visually-hidden">Where to go</h2>
      <ul className="home-tiles">
        {TILES.map(({ to, Icon, title, text }) => (
          <li key={to}>
            <Link to={to} className="home-tile">
              <span className="home-tile__icon">
                <Icon size={28} />
              </span>
              <span>
                <strong>{title}</strong>
                <span className="home-tile__text">{text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="muted home-footnote">
        Want more room for toys and collections? See <Link to="/pricing">plans and pricing</Link>.
      </p>
    </div>
  );
}
