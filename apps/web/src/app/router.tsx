import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/spinner.tsx';
import { AboutRoute } from '../features/about/routes/about-route.tsx';
import { LoginRoute } from '../features/auth/routes/login-route.tsx';
import { ChannelAboutRoute } from '../features/channels/routes/channel-about-route.tsx';
import { ChannelLayout } from '../features/channels/routes/channel-layout.tsx';
import { ChannelListRoute } from '../features/channels/routes/channel-list-route.tsx';
import { ChannelPlaylistsRoute } from '../features/channels/routes/channel-playlists-route.tsx';
import { ChannelVideosRoute } from '../features/channels/routes/channel-videos-route.tsx';
import { DownloadsRoute } from '../features/downloads/routes/downloads-route.tsx';
import { HomeRoute } from '../features/home/routes/home-route.tsx';
import { PlaylistListRoute } from '../features/playlists/routes/playlist-list-route.tsx';
import { PlaylistRoute } from '../features/playlists/routes/playlist-route.tsx';
import { SearchRoute } from '../features/search/routes/search-route.tsx';
import { ActionsRoute } from '../features/actions/routes/actions-route.tsx';
import { SchedulingRoute } from '../features/scheduling/routes/scheduling-route.tsx';
import { ApplicationSettingsRoute } from '../features/settings/routes/application-settings-route.tsx';
import { SettingsDashboardRoute } from '../features/settings/routes/settings-dashboard-route.tsx';
import { SettingsLayout } from '../features/settings/routes/settings-layout.tsx';
import { UserSettingsRoute } from '../features/settings/routes/user-settings-route.tsx';
import { UsersRoute } from '../features/users/routes/users-route.tsx';
import { VideoRoute } from '../features/video-detail/routes/video-route.tsx';
import { ErrorPage } from './errors/error-page.tsx';
import { NotFoundPage } from './errors/not-found-page.tsx';
import { ProtectedLayout } from './protected-layout.tsx';
import { protectedLoader } from './protected-loader.ts';

/** Spec §2: every route has the generic error page, so a new route cannot forget it. */
function withErrorElements(routes: RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    if (route.index) return { errorElement: <ErrorPage />, ...route };
    return {
      errorElement: <ErrorPage />,
      ...route,
      ...(route.children && { children: withErrorElements(route.children) }),
    };
  });
}

/**
 * The route table. Signed-in pages are children of the protected layout; add a feature's route
 * here (its element from features/<feature>/routes/), and the shell, session check and error page
 * come with it.
 */
export function appRoutes(queryClient: QueryClient): RouteObject[] {
  return withErrorElements([
    { path: '/login', element: <LoginRoute /> },
    {
      id: 'protected',
      path: '/',
      loader: protectedLoader(queryClient),
      element: <ProtectedLayout />,
      hydrateFallbackElement: (
        <div className="page-loading">
          <Spinner />
        </div>
      ),
      children: [
        { index: true, element: <HomeRoute /> },
        { path: 'video/:videoId', element: <VideoRoute /> },
        { path: 'channel', element: <ChannelListRoute /> },
        {
          path: 'channel/:channelId',
          element: <ChannelLayout />,
          children: [
            { index: true, element: <ChannelVideosRoute type="videos" /> },
            { path: 'streams', element: <ChannelVideosRoute type="streams" /> },
            { path: 'shorts', element: <ChannelVideosRoute type="shorts" /> },
            { path: 'playlist', element: <ChannelPlaylistsRoute /> },
            { path: 'about', element: <ChannelAboutRoute /> },
          ],
        },
        { path: 'playlist', element: <PlaylistListRoute /> },
        { path: 'playlist/:playlistId', element: <PlaylistRoute /> },
        { path: 'search', element: <SearchRoute /> },
        { path: 'downloads', element: <DownloadsRoute /> },
        {
          path: 'settings',
          element: <SettingsLayout />,
          children: [
            { index: true, element: <SettingsDashboardRoute /> },
            { path: 'user', element: <UserSettingsRoute /> },
            { path: 'application', element: <ApplicationSettingsRoute /> },
            { path: 'scheduling', element: <SchedulingRoute /> },
            { path: 'actions', element: <ActionsRoute /> },
            { path: 'users', element: <UsersRoute /> },
          ],
        },
        { path: 'about', element: <AboutRoute /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(appRoutes(queryClient));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
