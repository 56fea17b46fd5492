import { describe, expect, it } from 'vitest';
import { parseOne, parseUrlList, type ParsedTarget } from '../src/services/url-parser.ts';

const VIDEO = 'dQw4w9WgXcQ';
const CHANNEL = 'UCuAXFkgsw1L7xaCfnd5JJOw';
const PLAYLIST_34 = 'PLBCF2DAC6FFB574DE00000000000000ab';

const video = (url: string, vid_type = 'unknown'): ParsedTarget =>
  ({ type: 'video', url, vid_type }) as ParsedTarget;
const channel = (url: string, vid_type = 'unknown'): ParsedTarget =>
  ({ type: 'channel', url, vid_type }) as ParsedTarget;
const named = (url: string, vid_type = 'unknown'): ParsedTarget =>
  ({ type: 'channel', url, vid_type, needsResolve: true }) as ParsedTarget;
const playlist = (url: string): ParsedTarget => ({ type: 'playlist', url, vid_type: 'unknown' });

describe('URL and id parser (upstream §3.1)', () => {
  const cases: [string, ParsedTarget][] = [
    // videos
    [`https://www.youtube.com/watch?v=${VIDEO}`, video(VIDEO)],
    [`https://youtube.com/watch?v=${VIDEO}&t=42s`, video(VIDEO)],
    [`https://m.youtube.com/watch?v=${VIDEO}`, video(VIDEO)],
    [`https://music.youtube.com/watch?v=${VIDEO}&feature=share`, video(VIDEO)],
    [`www.youtube.com/watch?v=${VIDEO}`, video(VIDEO)],
    [`https://www.youtube.com/watch?v=${VIDEO}&list=${PLAYLIST_34}`, video(VIDEO)],
    [`https://www.youtube.com/shorts/${VIDEO}`, video(VIDEO, 'shorts')],
    [`https://youtube.com/shorts/${VIDEO}?feature=share`, video(VIDEO, 'shorts')],
    [`https://www.youtube.com/live/${VIDEO}`, video(VIDEO)],
    [`https://www.youtube.com/embed/${VIDEO}`, video(VIDEO)],
    [`https://www.youtube-nocookie.com/embed/${VIDEO}`, video(VIDEO)],
    [`https://youtu.be/${VIDEO}`, video(VIDEO)],
    [`https://youtu.be/${VIDEO}?t=17`, video(VIDEO)],
    [`http://youtu.be/${VIDEO}`, video(VIDEO)],
    [VIDEO, video(VIDEO)],
    // channels by id
    [`https://www.youtube.com/channel/${CHANNEL}`, channel(CHANNEL)],
    [`https://www.youtube.com/channel/${CHANNEL}/videos`, channel(CHANNEL, 'videos')],
    [`https://www.youtube.com/channel/${CHANNEL}/streams`, channel(CHANNEL, 'streams')],
    [`https://www.youtube.com/channel/${CHANNEL}/shorts`, channel(CHANNEL, 'shorts')],
    [`https://www.youtube.com/channel/${CHANNEL}/playlists`, channel(CHANNEL)],
    [`https://music.youtube.com/channel/${CHANNEL}`, channel(CHANNEL)],
    [CHANNEL, channel(CHANNEL)],
    // channels that yt-dlp has to resolve
    ['https://www.youtube.com/@LinusTechTips', named('https://www.youtube.com/@LinusTechTips')],
    [
      'https://www.youtube.com/@LinusTechTips/shorts',
      named('https://www.youtube.com/@LinusTechTips', 'shorts'),
    ],
    [
      'https://www.youtube.com/@LinusTechTips/streams',
      named('https://www.youtube.com/@LinusTechTips', 'streams'),
    ],
    [
      'https://m.youtube.com/@LinusTechTips/videos',
      named('https://www.youtube.com/@LinusTechTips', 'videos'),
    ],
    ['https://www.youtube.com/c/LinusTechTips', named('https://www.youtube.com/c/LinusTechTips')],
    [
      'https://www.youtube.com/c/LinusTechTips/videos',
      named('https://www.youtube.com/c/LinusTechTips', 'videos'),
    ],
    ['https://www.youtube.com/user/LinusTechTips', named('https://www.youtube.com/user/LinusTechTips')],
    ['https://www.youtube.com/LinusTechTips', named('https://www.youtube.com/LinusTechTips')],
    ['@LinusTechTips', named('https://www.youtube.com/@LinusTechTips')],
    // playlists
    [`https://www.youtube.com/playlist?list=${PLAYLIST_34}`, playlist(PLAYLIST_34)],
    [`https://music.youtube.com/playlist?list=${PLAYLIST_34}`, playlist(PLAYLIST_34)],
    [PLAYLIST_34, playlist(PLAYLIST_34)],
    ['PLBCF2DAC6FFB574DE000000ab', playlist('PLBCF2DAC6FFB574DE000000ab')], // 26
    ['OLAK5uy_abcdefghij', playlist('OLAK5uy_abcdefghij')], // 18
    ['UUabcdefghijk', playlist('UUabcdefghijk')], // 13
    ['LL', playlist('LL')],
    ['WL', playlist('WL')],
    ['TA_playlist_2f1c9e0a-custom', playlist('TA_playlist_2f1c9e0a-custom')],
  ];

  it.each(cases)('%s', (input, expected) => {
    expect(parseOne(input)).toEqual(expected);
  });

  const errors: [string, string][] = [
    [`https://vimeo.com/${VIDEO}`, 'invalid domain'],
    [`https://www.youtube.com.evil.example/watch?v=${VIDEO}`, 'invalid domain'],
    [`https://notyoutube.com/watch?v=${VIDEO}`, 'invalid domain'],
    ['https://example.org/channel/UCuAXFkgsw1L7xaCfnd5JJOw', 'invalid domain'],
    ['abc', 'not a valid id_str'],
    ['dQw4w9WgXc', 'not a valid id_str'], // 10 characters
    ['dQw4w9WgX!Q', 'not a valid id_str'], // 11 but not an id
    ['https://www.youtube.com/watch?v=short', 'not a valid id_str'],
    ['https://www.youtube.com/watch', 'not a valid id_str'],
    ['https://www.youtube.com/', 'not a valid id_str'],
    ['https://www.youtube.com/shorts/', 'not a valid id_str'],
    ['https://www.youtube.com/channel/UCtooShort', 'not a valid id_str'],
    ['https://www.youtube.com/results?search_query=cats', 'not a valid id_str'],
    ['https://youtu.be/', 'not a valid id_str'],
  ];

  it.each(errors)('%s is refused with "%s"', (input, message) => {
    expect(() => parseOne(input)).toThrow(message);
  });

  it('parses a pasted batch word by word, so one bad line does not spoil the others', () => {
    const text = `https://www.youtube.com/watch?v=${VIDEO}\n  https://vimeo.com/123\n\n${CHANNEL} nonsense\t${PLAYLIST_34}\r\n`;
    expect(parseUrlList(text)).toEqual([
      { input: `https://www.youtube.com/watch?v=${VIDEO}`, target: video(VIDEO) },
      { input: 'https://vimeo.com/123', error: 'invalid domain' },
      { input: CHANNEL, target: channel(CHANNEL) },
      { input: 'nonsense', error: 'not a valid id_str' },
      { input: PLAYLIST_34, target: playlist(PLAYLIST_34) },
    ]);
  });

  it('returns nothing for blank input', () => {
    expect(parseUrlList('  \n\t ')).toEqual([]);
  });
});
