import { NavLink } from 'react-router';
import { isStaff, useAccount } from '../../session/index.ts';

interface SettingsPage {
  to: string;
  label: string;
  staffOnly?: boolean;
  end?: boolean;
}

/**
 * Spec §2: Dashboard and User for everyone; Application, Scheduling and Actions join this list with
 * `staffOnly: true` when their pages exist (no link to a page that is not built).
 */
export const SETTINGS_PAGES: SettingsPage[] = [
  { to: '/settings/', label: 'Dashboard', end: true },
  { to: '/settings/user/', label: 'User' },
  { to: '/settings/application/', label: 'Application', staffOnly: true },
  { to: '/settings/scheduling/', label: 'Scheduling', staffOnly: true },
  { to: '/settings/actions/', label: 'Actions', staffOnly: true },
];

export function SettingsNav() {
  const staff = isStaff(useAccount());
  return (
    <nav className="sub-nav" aria-label="Settings">
      {SETTINGS_PAGES.filter((page) => !page.staffOnly || staff).map((page) => (
        <NavLink key={page.to} to={page.to} end={page.end ?? false}>
          {page.label}
        </NavLink>
      ))}
    </nav>
  );
}
