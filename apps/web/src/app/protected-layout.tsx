import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { NotificationArea } from '../features/notifications/index.ts';
import { useUserConfig } from '../features/session/index.ts';
import { applyTheme, themeOf } from '../lib/theme.ts';
import { ScrollToTop } from './scroll-to-top.tsx';
import { Footer } from './shell/footer.tsx';
import { NavBar } from './shell/nav-bar.tsx';

/** The signed-in shell; protectedLoader has already checked the session and filled the cache. */
export function ProtectedLayout() {
  const { stylesheet } = useUserConfig();

  // The theme follows the stored user config, so a change on the settings page shows at once.
  useEffect(() => applyTheme(themeOf(stylesheet)), [stylesheet]);

  return (
    <div className="app-shell">
      <ScrollToTop />
      <NavBar />
      <NotificationArea />
      <main className="page">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
