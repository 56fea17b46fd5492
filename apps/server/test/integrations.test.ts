import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { WarnLogger } from '../src/repositories/integration-fetch.ts';
import { RydRepository } from '../src/repositories/ryd.repository.ts';
import { SponsorBlockRepository } from '../src/repositories/sponsorblock.repository.ts';
import { startIntegrationStandIns, type StandIns } from './helpers/integration-stand-ins.ts';

/** Collects warnings the way pino would print them. */
function collectingLogger() {
  const lines: { details: object; message: string }[] = [];
  const logger: WarnLogger = { warn: (details, message) => void lines.push({ details, message }) };
  return { logger, lines };
}

/** A port nothing listens on: bound, then closed. */
async function deadUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

const NOW = Date.UTC(2024, 5, 1, 12, 0, 0);
let standIns: StandIns;

beforeAll(async () => {
  standIns = await startIntegrationStandIns();
});

afterAll(async () => {
  await standIns.close();
});

describe('configuration', () => {
  it('defaults to the public services and accepts local stand-ins', () => {
    expect(loadConfig({})).toMatchObject({
      sponsorblockUrl: 'https://sponsor.ajay.app',
      rydUrl: 'https://returnyoutubedislikeapi.com',
    });
    expect(
      loadConfig({ TK_SPONSORBLOCK_URL: 'http://127.0.0.1:9000/sb/', TK_RYD_URL: 'http://127.0.0.1:9001' }),
    ).toMatchObject({ sponsorblockUrl: 'http://127.0.0.1:9000/sb', rydUrl: 'http://127.0.0.1:9001' });
    expect(() => loadConfig({ TK_RYD_URL: 'returnyoutubedislikeapi.com' })).toThrow(
      /TK_RYD_URL: expected an http\(s\):\/\/ base URL/,
    );
  });
});

describe('SponsorBlock (upstream §8)', () => {
  function repository(baseUrl = standIns.sponsorblockUrl, timeoutMs?: number) {
    const log = collectingLogger();
    return {
      log,
      repo: new SponsorBlockRepository({ baseUrl, logger: log.logger, now: () => NOW, timeoutMs }),
    };
  }

  it('stores segments with actionType skip for sponsors and none otherwise; has_unlocked when none is locked', async () => {
    const { repo } = repository();
    const data = await repo.getSegments('alphaVid001');
    expect(data).toEqual({
      last_refresh: NOW / 1000,
      has_unlocked: false,
      is_enabled: true,
      segments: [
        expect.objectContaining({
          UUID: 'sb-uuid-intro',
          category: 'intro',
          actionType: 'none',
          segment: [0, 4.5],
        }),
        expect.objectContaining({ UUID: 'sb-uuid-sponsor', category: 'sponsor', actionType: 'skip' }),
      ],
    });
    expect((await repo.getSegments('bravoVid001'))?.has_unlocked).toBe(true);
  });

  it('asks for every category with our User-Agent', async () => {
    await repository().repo.getSegments('bravoVid001');
    const request = standIns.requests.findLast((r) => r.url.includes('bravoVid001'))!;
    const query = new URL(request.url, 'http://x').searchParams;
    expect(query.get('videoID')).toBe('bravoVid001');
    expect(query.getAll('category')).toEqual([
      'sponsor',
      'selfpromo',
      'interaction',
      'intro',
      'outro',
      'preview',
      'music_offtopic',
      'poi_highlight',
      'filler',
    ]);
    expect(request.userAgent).toMatch(/^Tubekeeper\//);
  });

  it('stores an empty list for a video without segments (404)', async () => {
    expect(await repository().repo.getSegments('alphaVid002')).toEqual({
      last_refresh: NOW / 1000,
      is_enabled: true,
      segments: [],
    });
  });

  it('stores nothing and logs when the service is overloaded (503)', async () => {
    const overloaded = await startIntegrationStandIns({ segments: { alphaVid001: 503 } });
    try {
      const { repo, log } = repository(overloaded.sponsorblockUrl);
      expect(await repo.getSegments('alphaVid001')).toBeUndefined();
      expect(log.lines).toEqual([
        {
          details: expect.objectContaining({ videoId: 'alphaVid001', reason: 'HTTP 503' }),
          message: 'SponsorBlock unreachable, skipped',
        },
      ]);
    } finally {
      await overloaded.close();
    }
  });

  it('stores nothing, logs and never throws when the service is unreachable or too slow', async () => {
    const { repo, log } = repository(await deadUrl());
    expect(await repo.getSegments('alphaVid001')).toBeUndefined();
    expect(log.lines[0]).toMatchObject({ details: { reason: 'ECONNREFUSED' } });

    const slow = await startIntegrationStandIns({ delayMs: 1000 });
    try {
      const timed = repository(slow.sponsorblockUrl, 100);
      const started = Date.now();
      expect(await timed.repo.getSegments('alphaVid001')).toBeUndefined();
      expect(Date.now() - started).toBeLessThan(900);
      expect(timed.log.lines).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });

  it('gives up quietly when the caller stops', async () => {
    const slow = await startIntegrationStandIns({ delayMs: 1000 });
    try {
      const { repo, log } = repository(slow.sponsorblockUrl);
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      expect(await repo.getSegments('alphaVid001', controller.signal)).toBeUndefined();
      expect(log.lines).toEqual([]);
    } finally {
      await slow.close();
    }
  });
});

describe('Return YouTube Dislike (upstream §3.3)', () => {
  function repository(baseUrl = standIns.rydUrl) {
    const log = collectingLogger();
    return { log, repo: new RydRepository({ baseUrl, logger: log.logger }) };
  }

  it('returns the dislike count and rating', async () => {
    expect(await repository().repo.getVotes('alphaVid001')).toEqual({
      dislike_count: 12,
      average_rating: 4.94,
    });
    const request = standIns.requests.findLast((r) => r.url.startsWith('/ryd/'))!;
    expect(request.url).toBe('/ryd/votes?videoId=alphaVid001');
  });

  it('changes nothing for an unknown video (404)', async () => {
    const { repo, log } = repository();
    expect(await repo.getVotes('alphaVid004')).toBeUndefined();
    expect(log.lines).toEqual([]);
  });

  it('changes nothing, logs and never throws when the service is unreachable', async () => {
    const { repo, log } = repository(await deadUrl());
    expect(await repo.getVotes('alphaVid001')).toBeUndefined();
    expect(log.lines).toEqual([
      {
        details: expect.objectContaining({ videoId: 'alphaVid001', reason: 'ECONNREFUSED' }),
        message: 'Return YouTube Dislike unreachable, skipped',
      },
    ]);
  });
});
