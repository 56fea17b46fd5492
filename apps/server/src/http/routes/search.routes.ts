import { searchError, searchQuery, searchResponse } from '@tubekeeper/contract';
import type { RoutesModule } from '../types.ts';

const NO_QUERY = 'no search query specified';

/**
 * `GET /api/search/` (upstream §1.3, §2). `page` pages every result section (upstream has a hard cap of 30
 * hits instead). A missing query is refused with both `error` (ours) and `message` (upstream's key).
 */
export const searchRoutes: RoutesModule = (app, { search }) => {
  app.get(
    '/api/search/',
    {
      // the search builds its wire shapes itself (search.service.ts): no zod pass on the way out
      config: { permission: 'authenticated', exactWire: true },
      schema: { querystring: searchQuery, response: { 200: searchResponse, 400: searchError } },
    },
    async (request, reply) => {
      const { query, page, page_size: pageSize } = request.query;
      if (!query?.trim()) return reply.code(400).send({ error: NO_QUERY, message: NO_QUERY });
      return search.search(request.user!.id, { query, page, pageSize });
    },
  );
};
