import { Link } from 'react-router-dom';

// Where the project's social accounts live; one place to change them.
const SOCIAL_LINKS = [
  { name: 'Instagram', href: 'https://www.instagram.com/toyrotation', path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5h.01' },
  { name: 'Facebook', href: 'https://www.facebook.com/toyrotation', path: 'M15 3h-2a4 4 0 0 0-4 4v3H7v4h2v7h4v-7h3l1-4h-4V7a1 1 0 0 1 1-1h2z' },
  { name: 'YouTube', href: 'https://www.youtube.com/@toyrotation', path: 'M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zm7 1v6l5-3z' },
  { name: 'Pinterest', href: 'https://www.pinterest.com/toyrotation', path: 'M12 3a9 9 0 0 0-3.3 17.4M12 3a9 9 0 0 1 0 18M10 21l2-9m0 0a3 3 0 1 1 3 3' },
] as const;

/** Footer of the public pages: social links, then Terms of use, Privacy policy and Contact us. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <ul className="site-footer__social" aria-label="Toy Rotation on social media">
        {SOCIAL_LINKS.map((link) => (
          <li key={link.name}>
            <a href={link.href} target="_blank" rel="noopener noreferrer" aria-label={`Toy Rotation on ${link.name} (opens in a new tab)`}>
              <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                <path d={link.path} />
              </svg>
            </a>
          </li>
        ))}
      </ul>
      <ul className="site-footer__links">
        <li>
          <Link to="/terms">Terms of use</Link>
        </li>
        <li>
          <Link to="/privacy">Privacy policy</Link>
        </li>
        <li>
          <Link to="/contactus">Contact us</Link>
        </li>
        <li>
          <Link to="/pricingnoauth">Pricing</Link>
        </li>
      </ul>
      <p className="site-footer__copy">© {new Date().getFullYear()} Toy Rotation LLC · Toy Rotation Made Simple</p>
    </footer>
  );
}
