import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { CollectionsIcon, HistoryIcon, HomeIcon, InventoryIcon, RotateIcon, SettingsIcon } from '../components/icons.js';

const ITEMS = [
  { to: '/', label: 'home', Icon: HomeIcon },
  { to: '/inventory', label: 'inventory', Icon: InventoryIcon },
  { to: '/baskets', label: 'collections', Icon: CollectionsIcon },
  { to: '/rotation', label: 'rotation', Icon: RotateIcon },
  { to: '/history', label: 'history', Icon: HistoryIcon },
  { to: '/settings', label: 'settings', Icon: SettingsIcon },
] as const;

type SideMenuProps = { open: boolean; onNavigate: () => void };

/** Spec section 2 side menu; a drawer on phones (opened from the top bar). */
export function SideMenu({ open, onNavigate }: SideMenuProps) {
  const { t } = useTranslation('app');
  const nav = useRef<HTMLElement>(null);
  // Opening the drawer moves keyboard focus into it.
  useEffect(() => {
    if (open) nav.current?.querySelector<HTMLAnchorElement>('a')?.focus();
  }, [open]);
  return (
    <nav className="sidemenu" id="side-menu" aria-label={t('menu.label')} data-open={open} ref={nav}>
      <ul>
        {ITEMS.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink to={to} end onClick={onNavigate}>
              <Icon />
              {t(`menu.${label}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
