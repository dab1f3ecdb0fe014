import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { CollectionsIcon, HistoryIcon, HomeIcon, InventoryIcon, RotateIcon, SettingsIcon } from '../components/icons.js';

const ITEMS = [
  { to: '/', label: 'Home', Icon: HomeIcon },
  { to: '/inventory', label: 'Inventory', Icon: InventoryIcon },
  { to: '/baskets', label: 'Collections', Icon: CollectionsIcon },
  { to: '/rotation', label: 'Rotation', Icon: RotateIcon },
  { to: '/history', label: 'History', Icon: HistoryIcon },
  { to: '/settings', label: 'Settings', Icon: SettingsIcon },
] as const;

type SideMenuProps = { open: boolean; onNavigate: () => void };

/** Spec section 2 side menu; a drawer on phones (opened from the top bar). */
export function SideMenu({ open, onNavigate }: SideMenuProps) {
  const nav = useRef<HTMLElement>(null);
  // Opening the drawer moves keyboard focus into it.
  useEffect(() => {
    if (open) nav.current?.querySelector<HTMLAnchorElement>('a')?.focus();
  }, [open]);
  return (
    <nav className="sidemenu" id="side-menu" aria-label="Main" data-open={open} ref={nav}>
      <ul>
        {ITEMS.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink to={to} end onClick={onNavigate}>
              <Icon />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
