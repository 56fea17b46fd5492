import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileArea, MediaFileService } from '../../services/media-file.service.ts';
import {
  decideRange,
  decodeFilePath,
  isNotModified,
  rangeStillValid,
  validatorsOf,
} from '../file-request.ts';
import type { RoutesModule } from '../types.ts';

/**
 * Media and artwork files (upstream §3.6): `/youtube/<channel>/<id>.mp4|.vtt`, `/media/…` (the same files,
 * vtt with a charset) and `/cache/{videos,channels,playlists}/…`. Signed-in callers only, with Range.
 */
export const fileRoutes: RoutesModule = (app, { mediaFiles }) => {
  const areas: FileArea[] = ['youtube', 'media', 'cache'];
  for (const area of areas) {
    app.get(
      `/${area}/*`,
      { config: { permission: 'authenticated' }, schema: { hide: true } },
      (request, reply) => sendFile(mediaFiles, area, request, reply),
    );
  }
};

async function sendFile(
  files: MediaFileService,
  area: FileArea,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const segments = decodeFilePath(request.raw.url ?? '', `/${area}/`);
  // a file replaced or deleted between its stat and its reading is stated again, once
  for (let attempt = 1; ; attempt++) {
    const file = segments && (await files.locate(area, segments));
    if (!file) return reply.code(404).send({ error: 'file not found' });

    const validators = validatorsOf(file.size, file.mtimeMs);
    reply
      .header('accept-ranges', 'bytes')
      .header('etag', validators.etag)
      .header('last-modified', validators.lastModified)
      // private: the files sit behind sign-in; revalidation is cheap thanks to the validators
      .header('cache-control', 'private, no-cache');
    if (isNotModified(request.headers, validators)) return reply.code(304).send();

    const range = rangeStillValid(request.headers, validators)
      ? decideRange(request.headers.range, file.size)
      : { kind: 'full' as const };
    if (range.kind === 'unsatisfiable') {
      return reply
        .code(416)
        .header('content-range', `bytes */${file.size}`)
        .send({ error: `range not satisfiable: the file has ${file.size} bytes` });
    }
    const partial = range.kind === 'partial' ? { start: range.start, end: range.end } : undefined;
    // HEAD: an empty stream keeps our Content-Length (Fastify would read a real one to the end)
    const body = request.method === 'HEAD' ? Readable.from([]) : await files.read(file, partial, reply.raw);
    if (!body) {
      if (attempt < 2) continue;
      return reply
        .code(503)
        .header('retry-after', '1')
        .send({ error: 'the file is being replaced, try again' });
    }
    reply
      .code(partial ? 206 : 200)
      .type(file.contentType)
      .header('content-length', partial ? partial.end - partial.start + 1 : file.size);
    if (partial) reply.header('content-range', `bytes ${partial.start}-${partial.end}/${file.size}`);
    return reply.send(body);
  }
}
