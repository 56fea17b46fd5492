import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { GearIcon, LogoutIcon, SearchIcon } from '../../components/ui/icons.tsx';
import { isStaff, useAccount } from '../../features/session/index.ts';
import { PRODUCT_NAME } from '../../lib/project-links.ts';
import { signOut } from '../sign-out.ts';
import { NAV_ITEMS } from './nav-items.ts';

export function NavBar() {
  const account = useAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);
  const items = NAV_ITEMS.filter((item) => !item.staffOnly || isStaff(account));

  const onLogout = () => {
    setSigningOut(true);
    void signOut(navigate, queryClient);
  };

  return (
    <header className="top-bar">
      <Link to="/" className="brand" aria-label={`${PRODUCT_NAME} start page`}>
        {PRODUCT_NAME}
      </Link>
      <nav className="main-nav" aria-label="Main">
        {items.map((item) => (
          <NavLink key={item.to} to={item.to} end={item.end ?? false} title={item.label}>
            {item.label}
          </NavLink>
        ))}
      </nav>
      <div className="nav-icons">
        <NavLink to="/search/" aria-label="Search" title="Search" className="icon-button">
          <SearchIcon />
        </NavLink>
        <NavLink to="/settings/" aria-label="Settings" title="Settings" className="icon-button">
          <GearIcon />
        </NavLink>
        <button
          type="button"
          aria-label="Logout"
          title="Logout"
          className="icon-button"
          onClick={onLogout}
          disabled={signingOut}
        >
          <LogoutIcon />
        </button>
      </div>
    </header>
  );
}
