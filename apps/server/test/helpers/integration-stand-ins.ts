import Fastify from 'fastify';

/**
 * Local stand-ins for SponsorBlock and Return YouTube Dislike (DESIGN §7). Point TK_SPONSORBLOCK_URL
 * and TK_RYD_URL at `sponsorblockUrl` / `rydUrl`. Answers follow the real APIs: SponsorBlock 404 "Not
 * Found" for a video without segments, RYD 404 for an unknown video.
 */
export interface StandInData {
  /** Segments per video id, or 503 for "the service is overloaded". */
  segments?: Record<string, unknown[] | 503>;
  votes?: Record<string, { likes: number; dislikes: number; rating: number; viewCount: number }>;
  /** Delay before answering, to test timeouts. */
  delayMs?: number;
}

export interface StandIns {
  sponsorblockUrl: string;
  rydUrl: string;
  /** Every request received: path with query, and the User-Agent. */
  requests: { url: string; userAgent: string | undefined }[];
  close(): Promise<void>;
}

export const DEFAULT_STAND_IN_DATA: StandInData = {
  segments: {
    alphaVid001: [
      segment('sb-uuid-intro', [0, 4.5], 'intro', 1),
      segment('sb-uuid-sponsor', [60.2, 95.8], 'sponsor', 0),
    ],
    bravoVid001: [segment('sb-uuid-selfpromo', [700, 733], 'selfpromo', 0)],
  },
  votes: {
    alphaVid001: { likes: 812, dislikes: 12, rating: 4.94, viewCount: 15230 },
    bravoVid001: { likes: 9100, dislikes: 310, rating: 4.87, viewCount: 120400 },
  },
};

function segment(uuid: string, times: [number, number], category: string, locked: number) {
  return {
    segment: times,
    UUID: uuid,
    category,
    videoDuration: 421.0,
    actionType: 'skip',
    locked,
    votes: 3,
    description: '',
  };
}

export async function startIntegrationStandIns(data: StandInData = DEFAULT_STAND_IN_DATA): Promise<StandIns> {
  const app = Fastify({ logger: false });
  const requests: StandIns['requests'] = [];
  app.addHook('onRequest', async (request) => {
    requests.push({ url: request.url, userAgent: request.headers['user-agent'] });
    if (data.delayMs) await new Promise((resolve) => setTimeout(resolve, data.delayMs));
  });
  app.get('/sponsorblock/api/skipSegments', async (request, reply) => {
    const { videoID } = request.query as { videoID?: string };
    const found = videoID ? data.segments?.[videoID] : undefined;
    if (found === 503) return reply.code(503).type('text/plain').send('Service Unavailable');
    if (!found || found.length === 0) return reply.code(404).type('text/plain').send('Not Found');
    return found;
  });
  app.get('/ryd/votes', async (request, reply) => {
    const { videoId } = request.query as { videoId?: string };
    const votes = videoId ? data.votes?.[videoId] : undefined;
    if (!votes) return reply.code(404).send({ title: 'Not Found', status: 404 });
    return { id: videoId, dateCreated: '2024-01-02T03:04:05.000Z', deleted: false, ...votes };
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    sponsorblockUrl: `${address}/sponsorblock`,
    rydUrl: `${address}/ryd`,
    requests,
    close: () => app.close(),
  };
}
