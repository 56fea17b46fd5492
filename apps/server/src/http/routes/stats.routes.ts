import {
  errorBody,
  statsBiggestChannels,
  statsBiggestChannelsQuery,
  statsDownload,
  statsDownloadHistory,
  statsSubscriptions,
  statsVideo,
  statsWatch,
} from '@tubekeeper/contract';
import type { RoutesModule } from '../types.ts';

/** Statistics (upstream §5): open to every signed-in user; the watch figures are the caller's own. */
export const statsRoutes: RoutesModule = (app, { stats }) => {
  // the statistics answer their wire shapes themselves (stats.service.ts): no zod pass on the way out
  const read = { permission: 'authenticated', exactWire: true } as const;
  app.get('/api/stats/video/', { config: read, schema: { response: { 200: statsVideo } } }, () =>
    stats.video(),
  );
  app.get('/api/stats/channel/', { config: read, schema: { response: { 200: statsSubscriptions } } }, () =>
    stats.channel(),
  );
  app.get('/api/stats/playlist/', { config: read, schema: { response: { 200: statsSubscriptions } } }, () =>
    stats.playlist(),
  );
  app.get('/api/stats/download/', { config: read, schema: { response: { 200: statsDownload } } }, () =>
    stats.download(),
  );
  // the caller's own watched figures: watched is per user (migration 0030)
  app.get('/api/stats/watch/', { config: read, schema: { response: { 200: statsWatch } } }, (request) =>
    stats.watch(request.user!.id),
  );
  app.get(
    '/api/stats/downloadhist/',
    { config: read, schema: { response: { 200: statsDownloadHistory } } },
    () => stats.downloadHistory(),
  );
  app.get(
    '/api/stats/biggestchannels/',
    {
      config: read,
      schema: {
        querystring: statsBiggestChannelsQuery,
        response: { 200: statsBiggestChannels, 400: errorBody },
      },
    },
    (request) => stats.biggestChannels(request.query.order),
  );
};
