import { describe, expect, it } from 'vitest';
import {
  baseArgs,
  downloadArgs,
  extractorArgs,
  metadataArgs,
  randomSleepSeconds,
  subtitleArgs,
  tabItems,
} from '../src/repositories/ytdlp-args.ts';
import { ytdlpSettings } from './helpers/fake-ytdlp.ts';

/** The value following `flag`, or undefined when the flag is absent. */
function valueOf(args: string[], flag: string): string | undefined {
  const i = args.indexOf(flag);
  return i < 0 ? undefined : args[i + 1];
}

describe('yt-dlp arguments from the application config', () => {
  it('starts every call with the base options of upstream §3.2', () => {
    expect(baseArgs('/cache')).toEqual([
      '--ignore-config',
      '--no-colors',
      '--socket-timeout',
      '10',
      '--extractor-retries',
      '3',
      '--retries',
      '10',
      '--cache-dir',
      '/cache/ytdlp',
    ]);
  });

  it('downloads into <dir>/<id>.mp4 with merge to mp4, line-by-line progress and no playlist', () => {
    const args = downloadArgs(ytdlpSettings(), '/cache/download');
    expect(args).toEqual([
      '--newline',
      '--no-playlist',
      '--continue',
      '--check-formats',
      '--merge-output-format',
      'mp4',
      '--output',
      '/cache/download/%(id)s.mp4',
      '--output',
      'subtitle:/cache/download/%(id)s.%(ext)s',
      '--write-info-json',
      '--output',
      'infojson:/cache/download/%(id)s.%(ext)s',
    ]);
  });

  const table: [string, Parameters<typeof ytdlpSettings>[0], Record<string, string | undefined>][] = [
    [
      'format',
      { format: 'bestvideo[height<=720]+bestaudio/best' },
      { '--format': 'bestvideo[height<=720]+bestaudio/best' },
    ],
    [
      'format_sort (comma list, spaces dropped)',
      { format_sort: 'res:720, codec:h264' },
      { '--format-sort': 'res:720,codec:h264' },
    ],
    ['limit_speed KB/s to bytes', { limit_speed: 500 }, { '--limit-rate': '512000' }],
    ['throttledratelimit KB/s to bytes', { throttledratelimit: 100 }, { '--throttled-rate': '102400' }],
    ['nothing set', {}, { '--format': undefined, '--format-sort': undefined, '--limit-rate': undefined }],
  ];
  it.each(table)('%s', (_name, downloads, expected) => {
    const args = downloadArgs(ytdlpSettings(downloads), '/d');
    for (const [flag, value] of Object.entries(expected)) expect(valueOf(args, flag)).toBe(value);
  });

  it("lets the channel overwrite's download_format win over the global format", () => {
    const settings = ytdlpSettings({ format: 'best' }, { overwrites: { download_format: 'worst' } });
    expect(valueOf(downloadArgs(settings, '/d'), '--format')).toBe('worst');
    const unset = ytdlpSettings({ format: 'best' }, { overwrites: { download_format: null } });
    expect(valueOf(downloadArgs(unset, '/d'), '--format')).toBe('best');
  });

  it('embeds metadata with chapters and the thumbnail when the config says so', () => {
    const args = downloadArgs(ytdlpSettings({ add_metadata: true, add_thumbnail: true }), '/d');
    expect(args).toEqual(
      expect.arrayContaining(['--embed-metadata', '--embed-chapters', '--embed-thumbnail']),
    );
    const plain = downloadArgs(ytdlpSettings(), '/d');
    expect(plain).not.toContain('--embed-metadata');
    expect(plain).not.toContain('--embed-thumbnail');
  });

  it('writes subtitles by source: user tracks only, or user plus automatic captions', () => {
    expect(subtitleArgs(ytdlpSettings({ subtitle: null }).downloads)).toEqual([]);
    expect(subtitleArgs(ytdlpSettings({ subtitle: 'en, de', subtitle_source: 'user' }).downloads)).toEqual([
      '--write-subs',
      '--sub-langs',
      'en,de,-live_chat',
      '--sub-format',
      'json3/vtt/best',
    ]);
    expect(subtitleArgs(ytdlpSettings({ subtitle: 'en.*', subtitle_source: 'auto' }).downloads)).toEqual([
      '--write-subs',
      '--write-auto-subs',
      '--sub-langs',
      'en.*,-live_chat',
      '--sub-format',
      'json3/vtt/best',
    ]);
  });

  it('adds the extractor language to metadata calls and downloads (their info JSON is the metadata)', () => {
    const settings = ytdlpSettings({ extractor_lang: 'de' });
    for (const kind of ['video', 'channel', 'playlist', 'download'] as const) {
      expect(extractorArgs(settings, kind)).toEqual(['--extractor-args', 'youtube:lang=de']);
    }
    expect(extractorArgs(settings, 'tab')).toEqual([]);
  });

  it('passes comment_max and comment_sort to comment calls', () => {
    const settings = ytdlpSettings({ comment_max: 'all,100,all,30', comment_sort: 'new' });
    expect(extractorArgs(settings, 'comments')).toEqual([
      '--extractor-args',
      'youtube:max_comments=all,100,all,30;comment_sort=new',
    ]);
    expect(extractorArgs(settings, 'video')).toEqual([]);
  });

  it('sends the PO token only while enabled, with the web+ client prefix', () => {
    const on = ytdlpSettings({ potoken: true }, { poToken: 'web+MnRk-token' });
    expect(extractorArgs(on, 'download')).toEqual(['--extractor-args', 'youtube:po_token=web+MnRk-token']);
    const bare = ytdlpSettings({ potoken: true }, { poToken: 'MnRk-token' });
    expect(extractorArgs(bare, 'download')).toEqual(['--extractor-args', 'youtube:po_token=web+MnRk-token']);
    const off = ytdlpSettings({ potoken: false }, { poToken: 'web+MnRk-token' });
    expect(extractorArgs(off, 'download')).toEqual([]);
  });

  it('merges all youtube extractor args into one flag (old yt-dlp keeps only the last) and adds the PO provider', () => {
    const settings = ytdlpSettings(
      { potoken: true, extractor_lang: 'fr', pot_provider_url: 'http://bgutil:4416' },
      { poToken: 'web+tok' },
    );
    expect(extractorArgs(settings, 'video')).toEqual([
      '--extractor-args',
      'youtube:lang=fr;po_token=web+tok',
      '--extractor-args',
      'youtubepot-bgutilhttp:base_url=http://bgutil:4416',
    ]);
  });

  it('builds metadata calls: one JSON per URL, failures as null, flat listings with item ranges', () => {
    expect(metadataArgs('video')).toEqual([
      '-J',
      '--ignore-errors',
      '--no-progress',
      '--skip-download',
      '--no-playlist',
    ]);
    expect(metadataArgs('comments')).toContain('--write-comments');
    expect(metadataArgs('channel', '0')).toEqual([
      '-J',
      '--ignore-errors',
      '--no-progress',
      '--flat-playlist',
      '--playlist-items',
      '0',
    ]);
    expect(tabItems(50)).toBe(':50:1');
    expect(tabItems(null)).toBeUndefined();
  });

  it('randomises the sleep interval ±50 % in whole seconds, and skips it when unset', () => {
    expect(randomSleepSeconds(10, () => 0)).toBe(5);
    expect(randomSleepSeconds(10, () => 0.999)).toBe(14);
    expect(randomSleepSeconds(null)).toBe(0);
    expect(randomSleepSeconds(0)).toBe(0);
    for (let i = 0; i < 200; i++) {
      const value = randomSleepSeconds(10);
      expect(value).toBeGreaterThanOrEqual(5);
      expect(value).toBeLessThan(15);
    }
  });
});
