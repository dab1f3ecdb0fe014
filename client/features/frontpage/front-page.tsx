import { Link } from 'react-router-dom';
import { InventoryIcon, PlusIcon, RotateIcon, SettingsIcon } from '../../components/icons.js';
import { Logo } from '../../components/logo.js';
import { SiteFooter } from '../../components/site-footer.js';
import { REASONS } from './reasons.js';
import { StoreBadges } from './store-badges.js';
import { VideoEmbed } from './video-embed.js';
import './front-page.css';

const GET_STARTED = [
  { to: '/inventory', Icon: InventoryIcon, title: 'Go to Inventory', text: 'Your toy shelf, photographed and tidy in one place.' },
  { to: '/inventory', Icon: PlusIcon, title: 'Add your toys', text: 'Snap a photo, give it a name, pick a category.' },
  { to: '/settings', Icon: SettingsIcon, title: 'Set up in Settings', text: 'Choose how many toys come out and name your categories.' },
  { to: '/rotation', Icon: RotateIcon, title: 'Rotate the toys', text: 'One tap picks a fresh, random set for today.' },
] as const;

/** The landing page (/frontpage, and / for visitors). */
export function FrontPage() {
  return (
    <div className="landing">
      <section className="hero">
        <Logo size={96} title="Toy Rotation logo" />
        <h1>Toy Rotation</h1>
        <p className="tagline hero__tagline">Toy Rotation Made Simple</p>
        <p className="hero__lead">
          Fewer toys out, more play. Keep a photo inventory of your children’s toys and get a fresh selection in seconds.
        </p>
        <div className="row hero__actions">
          <Link to="/register" className="btn">
            Start for free
          </Link>
          <Link to="/login" className="btn btn--secondary">
            Log In
          </Link>
        </div>
        <StoreBadges />
      </section>

      <section className="landing__section" aria-labelledby="about-title">
        <h2 id="about-title">About</h2>
        <div className="about">
          <p>
            Every parent knows the moment: a playroom full of toys, and a child who says there is nothing to play with. Too many
            toys out at once can overwhelm little ones. They flit from one thing to the next and rarely settle into deep, happy play.
          </p>
          <p>
            Toy rotation is a simple, well-loved idea: keep most toys tucked away and bring out a small selection at a time. When
            the set changes, old favourites feel new again, and children play longer, more creatively and more calmly. Tidying up
            becomes a job a toddler can help with.
          </p>
          <p>
            Toy Rotation does the remembering for you. Photograph your toys once, sort them into categories and collections, decide
            how many should come out, and let the app pick a fair, random mix. Keep a beloved teddy always in, leave the noisy drum
            out for a while, and enjoy a calmer home. It works on your phone, even without a connection.
          </p>
        </div>
      </section>

      <section className="landing__section" aria-labelledby="start-title">
        <h2 id="start-title">Get started</h2>
        <ul className="get-started">
          {GET_STARTED.map(({ to, Icon, title, text }) => (
            <li key={title}>
              <Link to={to} className="get-started__link">
                <span className="get-started__icon">
                  <Icon size={30} />
                </span>
                <strong>{title}</strong>
                <span className="muted">{text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="landing__section" aria-labelledby="video-title">
        <h2 id="video-title">See how it works</h2>
        <VideoEmbed title="Toy Rotation in two minutes" />
      </section>

      <section className="landing__section" aria-labelledby="reasons-title">
        <h2 id="reasons-title">Why families rotate their toys</h2>
        <ul className="reasons">
          {REASONS.map((reason) => (
            <li key={reason.title} className="card">
              <span className="reasons__icon">
                <reason.Icon size={26} />
              </span>
              <h3>{reason.title}</h3>
              <p>{reason.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <SiteFooter />
    </div>
  );
}
