import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MediaFacts } from '../src/repositories/media-facts.ts';
import { infoFromTags, mergeInfo } from '../src/services/embedded-metadata.ts';
import { detectVideoId, groupImportFiles, titleFromBase } from '../src/services/import-scanner.ts';
import {
  channelArt,
  channelFromVideo,
  isChannelInfo,
  isPlaylistInfo,
  mapChannel,
  mapComments,
  mapPlaylist,
  mapVideo,
  publishedMs,
  stableChannelId,
  subtitleTracks,
  videoType,
} from '../src/services/metadata-mapper.ts';
import { parseVtt, toFragments } from '../src/services/subtitle-fragments.ts';
import type { YtdlpInfo } from '../src/services/ytdlp-info.ts';
import { vtt } from './helpers/import-media.ts';

const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures/import', name), 'utf8')) as YtdlpInfo;

const NOW = Date.UTC(2025, 0, 1);
const FACTS: MediaFacts = {
  duration: 611.5,
  size: 12345,
  width: 640,
  height: 360,
  streams: [{ index: 0, type: 'video', codec: 'h264', bitrate: 500000, width: 640, height: 360 }],
  container: 'mov,mp4,m4a,3gp,3g2,mj2',
  tags: {},
  coverStream: undefined,
  subtitleStreams: [],
};

describe('metadata mapper on real yt-dlp info JSON', () => {
  const info = fixture('video.info.json');

  it('maps a video with stats, dates, file facts and its media path', () => {
    const video = mapVideo(info, FACTS, NOW);
    expect(video).toMatchObject({
      youtube_id: 'dQw4w9WgXcQ',
      channel_id: 'UCw4w9WgXcQdQw4w9WgXcQdQ',
      title: 'Building a Birdhouse in 10 Minutes',
      vid_type: 'videos',
      published: 1710513000 * 1000,
      date_downloaded: NOW,
      media_url: 'UCw4w9WgXcQdQw4w9WgXcQdQ/dQw4w9WgXcQ.mp4',
      media_size: 12345,
      duration: 611.5,
      width: 640,
      height: 360,
      view_count: 123456,
      like_count: 4321,
      dislike_count: 0,
      average_rating: null,
      comment_count: 3,
      thumb_url: 'https://i.ytimg.com/vi_webp/dQw4w9WgXcQ/maxresdefault.webp',
      active: 1,
    });
    // a new video is nobody's watched one: marks are per user, in their own table
    expect(video).not.toHaveProperty('watched');
    expect(JSON.parse(video.tags as string)).toEqual(['woodworking', 'birdhouse', 'diy']);
    expect(JSON.parse(video.category as string)).toEqual(['Howto & Style']);
    expect(video.description).toContain('https://example.org/birdhouse');
  });

  it('builds the fallback channel from the video, active, with its follower count', () => {
    expect(channelFromVideo(info, NOW, 'videos')).toMatchObject({
      channel_id: 'UCw4w9WgXcQdQw4w9WgXcQdQ',
      channel_name: 'Workshop Weekly',
      channel_subs: 98765,
      channel_active: 1,
      channel_subscribed: 0,
      channel_tabs: '["videos"]',
      channel_thumb_url: null,
    });
  });

  it('maps threaded comments: root and reply, NBSP removed, missing author falls back to the id', () => {
    const comments = mapComments('dQw4w9WgXcQ', info.comments!);
    expect(comments).toHaveLength(3);
    expect(comments[0]).toMatchObject({
      comment_id: 'UgzCommentRoot1AaBbCc',
      parent_id: null,
      text: 'Greatbuild, thanks!',
      author: '@carpenter',
      is_favorited: 1,
      like_count: 12,
      timestamp: 1710520000,
      position: 0,
    });
    expect(comments[1]).toMatchObject({ parent_id: 'UgzCommentRoot1AaBbCc', author_is_uploader: 1 });
    expect(comments[2]).toMatchObject({ author: 'UCauthorThree00000000000', author_thumbnail: null });
  });

  it('picks json3 subtitle tracks, user ones first, auto only for missing languages, no live chat', () => {
    expect(subtitleTracks(info, false).map((t) => [t.lang, t.source])).toEqual([['de', 'user']]);
    expect(subtitleTracks(info, true).map((t) => [t.lang, t.source])).toEqual([
      ['de', 'user'],
      ['en', 'auto'],
      ['fr', 'auto'],
    ]);
  });

  it('maps a playlist with ordered entries', () => {
    const data = fixture('playlist.info.json');
    expect(isPlaylistInfo(data)).toBe(true);
    const { playlist, entries } = mapPlaylist(data, NOW);
    expect(playlist).toMatchObject({
      playlist_id: 'PLbirdhouseSeries00000000000000000',
      playlist_name: 'Birdhouse series',
      playlist_channel: 'Workshop Weekly',
      playlist_channel_id: 'UCw4w9WgXcQdQw4w9WgXcQdQ',
      playlist_type: 'regular',
      playlist_thumb_url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg?sqp=large',
    });
    expect(entries.map((e) => [e.idx, e.youtube_id, e.uploader])).toEqual([
      [0, 'dQw4w9WgXcQ', 'Workshop Weekly'],
      [1, 'xvFZjo5PgG0', 'Workshop Weekly'],
    ]);
  });

  it('maps a channel with avatar, banner and tv art chosen as upstream does', () => {
    const data = fixture('channel.info.json');
    expect(isChannelInfo(data)).toBe(true);
    expect(mapChannel(data, NOW)).toMatchObject({
      channel_id: 'UCw4w9WgXcQdQw4w9WgXcQdQ',
      channel_name: 'Workshop Weekly',
      channel_subs: 98765,
      channel_description: 'A new project every week.',
      channel_tags: '["woodworking","workshop"]',
      channel_thumb_url: 'https://yt3.googleusercontent.com/avatar=s900',
      channel_banner_url: 'https://yt3.googleusercontent.com/banner=w2560-fcrop64=1',
      channel_tvart_url: 'https://yt3.googleusercontent.com/banner=s0',
    });
    expect(channelArt([])).toEqual({ thumb: null, banner: null, tvart: null });
  });

  it.each([
    [{ webpage_url: 'https://www.youtube.com/shorts/abc' }, 'shorts'],
    [{ media_type: 'short' }, 'shorts'],
    [{ was_live: true }, 'streams'],
    [{ live_status: 'post_live' }, 'streams'],
    [{ live_status: 'is_live' }, 'streams'],
    [{ live_status: 'not_live', webpage_url: 'https://www.youtube.com/watch?v=x' }, 'videos'],
  ] as [YtdlpInfo, string][])('classifies %j as %s', (data, type) => {
    expect(videoType(data)).toBe(type);
  });

  it('reads timestamps as numbers, floats and strings, else the upload date', () => {
    expect(publishedMs({ timestamp: 1700000000.5 }, 0)).toBe(1700000000500);
    expect(publishedMs({ timestamp: '1.7e9' }, 0)).toBe(1.7e12);
    expect(publishedMs({ upload_date: '20240102' }, 0)).toBe(Date.UTC(2024, 0, 2));
    expect(publishedMs({}, 42)).toBe(42);
  });

  it('derives a stable channel id for media that names no channel', () => {
    const id = stableChannelId('Unknown channel');
    expect(id).toMatch(/^UC[\w-]{22}$/);
    expect(stableChannelId('Unknown channel')).toBe(id);
    expect(stableChannelId('Someone else')).not.toBe(id);
    expect(mapVideo({ id: 'abcdefghijk' }, FACTS, NOW).channel_id).toBe(id);
  });
});

describe('embedded tags as metadata', () => {
  it('reads ffmpeg/yt-dlp tags and merges them field by field', () => {
    const tags = {
      title: 'T',
      artist: 'A',
      comment: 'https://youtu.be/x',
      date: '20240131',
      description: 'D',
    };
    expect(infoFromTags(tags)).toEqual({
      title: 'T',
      channel: 'A',
      description: 'D',
      upload_date: '20240131',
      webpage_url: 'https://youtu.be/x',
    });
    expect(infoFromTags({ artist: 'A' })).toBeUndefined();
    expect(mergeInfo({ title: 'tag' }, { title: 'json', view_count: 5 })).toEqual({
      title: 'tag',
      view_count: 5,
    });
  });
});

describe('import folder grouping and id detection', () => {
  it('groups by base name with .info and language second extensions, ignoring litter', () => {
    const groups = groupImportFiles([
      'Clip [abcdefghijk].mp4',
      'Clip [abcdefghijk].info.json',
      'Clip [abcdefghijk].en.vtt',
      'Clip [abcdefghijk].de-DE.vtt',
      'Clip [abcdefghijk].webp',
      'Clip [abcdefghijk].live_chat.json',
      '.DS_Store',
      '@eaDir',
      'notes.txt',
      'zzzzzzzzzzz.mkv',
      'Channel.banner.jpg',
      'Channel.info.json',
    ]);
    expect(groups.map((g) => [g.base, g.files.map((f) => f.name)])).toEqual([
      ['Channel', ['Channel.banner.jpg', 'Channel.info.json']],
      [
        'Clip [abcdefghijk]',
        [
          'Clip [abcdefghijk].de-DE.vtt',
          'Clip [abcdefghijk].en.vtt',
          'Clip [abcdefghijk].info.json',
          'Clip [abcdefghijk].mp4',
          'Clip [abcdefghijk].webp',
        ],
      ],
      ['zzzzzzzzzzz', ['zzzzzzzzzzz.mkv']],
    ]);
    expect(groups[1]!.files.filter((f) => f.lang).map((f) => f.lang)).toEqual(['de-DE', 'en']);
  });

  it('detects ids in upstream order', () => {
    expect(detectVideoId('My clip [abcdefghijk]', 'fromjson000')).toBe('abcdefghijk');
    expect(detectVideoId('abcdefghijk', undefined)).toBe('abcdefghijk');
    expect(detectVideoId('holiday video', 'fromjson000')).toBe('fromjson000');
    expect(detectVideoId('holiday video', undefined)).toBeUndefined();
    expect(titleFromBase('My clip [abcdefghijk]')).toBe('My clip');
  });
});

describe('WebVTT cues and fragments', () => {
  it('groups five cues per fragment and keeps the last partial fragment', () => {
    const cues = parseVtt(vtt(['one', 'two', 'three', 'four', 'five', 'six', '<c>seven</c> &amp; more']));
    expect(cues).toHaveLength(7);
    const fragments = toFragments(cues);
    expect(fragments).toEqual([
      { fragment_index: 1, start_ms: 0, end_ms: 1000, line: 'one two three four five' },
      { fragment_index: 2, start_ms: 1000, end_ms: 1400, line: 'six seven & more' },
    ]);
  });

  it('reads cue ids, settings, hour-less stamps and CRLF; refuses non-VTT', () => {
    const text = 'WEBVTT\r\n\r\nNOTE hi\r\n\r\n1\r\n00:01.500 --> 00:02.000 align:start\r\nHi\r\nthere\r\n';
    expect(parseVtt(text)).toEqual([{ startMs: 1500, endMs: 2000, text: 'Hi\nthere' }]);
    expect(() => parseVtt('1\n00:00:01,000 --> 00:00:02,000\nsrt')).toThrow(/WebVTT/);
  });
});
