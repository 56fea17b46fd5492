import { Outlet } from 'react-router';
import { SettingsNav } from '../components/settings-nav.tsx';

export function SettingsLayout() {
  return (
    <div className="settings">
      <SettingsNav />
      <Outlet />
    </div>
  );
}
