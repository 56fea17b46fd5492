import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('configuration from the environment', () => {
  it('defaults to ./data with media and cache inside it, port 8000, SQLite', () => {
    const config = loadConfig({});
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.mediaDir).toBe(path.resolve('./data/media'));
    expect(config.cacheDir).toBe(path.resolve('./data/cache'));
    expect(config.port).toBe(8000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.ytdlpPath).toBe('yt-dlp');
    expect(config.searchMmapBytes).toBe(0);
  });

  it('honours every documented variable', () => {
    const config = loadConfig({
      TK_DATA_DIR: '/srv/tk',
      TK_MEDIA_DIR: '/mnt/videos',
      TK_CACHE_DIR: '/var/cache/tk',
      TK_PORT: '9000',
      TK_HOST: 'tube.example.com https://other.example.org',
      DATABASE_URL: 'postgres://u@db:5432/tk',
      REDIS_URL: 'redis://cache:6379',
      TK_ADMIN_USERNAME: 'boss',
      TK_ADMIN_PASSWORD: 'secret-pass',
      YTDLP_PATH: '/opt/yt-dlp',
      FFMPEG_PATH: '/opt/ffmpeg',
      FFPROBE_PATH: '/opt/ffprobe',
      TZ: 'Europe/Berlin',
      TK_SEARCH_THREADS: '3',
      TK_SEARCH_MMAP_MB: '256',
    });
    expect(config).toMatchObject({
      dataDir: '/srv/tk',
      mediaDir: '/mnt/videos',
      cacheDir: '/var/cache/tk',
      port: 9000,
      databaseUrl: 'postgres://u@db:5432/tk',
      redisUrl: 'redis://cache:6379',
      adminUsername: 'boss',
      adminPassword: 'secret-pass',
      ytdlpPath: '/opt/yt-dlp',
      ffmpegPath: '/opt/ffmpeg',
      ffprobePath: '/opt/ffprobe',
      timeZone: 'Europe/Berlin',
      searchThreads: 3,
      searchMmapBytes: 256 * 1024 * 1024,
    });
    expect(config.allowedHosts).toEqual(
      expect.arrayContaining(['tube.example.com', 'other.example.org', 'localhost']),
    );
    expect(config.trustedOrigins).toEqual(
      expect.arrayContaining(['https://other.example.org', 'https://tube.example.com']),
    );
  });

  it.each([
    ['TK_PORT', 'eighty', 'TK_PORT'],
    ['TK_PORT', '70000', 'TK_PORT'],
    ['DATABASE_URL', 'mysql://x', 'DATABASE_URL'],
    ['REDIS_URL', 'localhost:6379', 'REDIS_URL'],
    ['TZ', 'Mars/Olympus', 'TZ'],
    ['TK_SEARCH_MMAP_MB', '4096', 'TK_SEARCH_MMAP_MB'],
  ])('a wrong %s (%s) stops start-up naming the variable', (name, value, expected) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(expected);
  });
});
