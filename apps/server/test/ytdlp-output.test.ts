import { describe, expect, it } from 'vitest';
import {
  classifyError,
  parseProgressLine,
  ProgressTracker,
  resultsPerUrl,
} from '../src/repositories/ytdlp-output.ts';

describe('yt-dlp progress lines (upstream §3.5 notification text)', () => {
  // lines as yt-dlp 2023.03 to 2025.x print them with --newline
  const lines: [string, number | undefined, string][] = [
    [
      '[download]   3.9% of   25.60KiB at   19.96KiB/s ETA 00:01',
      0.039,
      '3.9% of 25.60KiB at 19.96KiB/s - time left: 00:01',
    ],
    [
      '[download]  42.0% of    1.23MiB at  500.00KiB/s ETA 00:02',
      0.42,
      '42.0% of 1.23MiB at 500.00KiB/s - time left: 00:02',
    ],
    [
      '[download]  57.3% of ~  81.47MiB at    2.39MiB/s ETA 00:14 (frag 70/123)',
      0.573,
      '57.3% of 81.47MiB at 2.39MiB/s - time left: 00:14',
    ],
    [
      '[download]  10.0% of  100.00MiB at  Unknown B/s ETA Unknown',
      0.1,
      '10.0% of 100.00MiB at Unknown B/s - time left: Unknown',
    ],
    [
      '[download] 100.0% of   25.60KiB at   19.99KiB/s ETA 00:00',
      1,
      '100.0% of 25.60KiB at 19.99KiB/s - time left: 00:00',
    ],
    [
      '[download] 100% of   25.60KiB in 00:00:01 at 19.94KiB/s',
      1,
      '100.0% of 25.60KiB at 19.94KiB/s - time left: 00:00',
    ],
    ['[download]    1.23MiB at  500.00KiB/s (00:00:03)', undefined, 'processing'],
    ['[download]   N/A% at  Unknown B/s ETA Unknown', undefined, 'processing'],
    ['[Merger] Merging formats into "/cache/download/abc.mp4"', undefined, 'processing'],
    ['[Metadata] Adding metadata to "/cache/download/abc.mp4"', undefined, 'processing'],
    ['[EmbedThumbnail] mutagen: Adding thumbnail to "/cache/download/abc.mp4"', undefined, 'processing'],
  ];

  it.each(lines)('%s', (line, progress, text) => {
    const event = parseProgressLine(line);
    expect(event?.text).toBe(text);
    if (progress === undefined) expect(event?.progress).toBeUndefined();
    else expect(event?.progress).toBeCloseTo(progress, 5);
  });

  it.each([
    '[download] Destination: /cache/download/abc.mp4',
    '[youtube] abc: Downloading webpage',
    '[info] abc: Downloading 1 format(s): 18',
    'WARNING: [youtube] Falling back to generic n function search',
  ])('ignores %s', (line) => {
    expect(parseProgressLine(line)).toBeUndefined();
  });

  it('follows the media file only: subtitle and thumbnail downloads do not move the bar, repeats are dropped', () => {
    const tracker = new ProgressTracker();
    const events = [
      '[info] Writing video subtitles to: /c/d/abc.en.json3',
      '[download] Destination: /c/d/abc.en.json3',
      '[download] 100.0% of     72.00B at   19.51KiB/s ETA 00:00',
      '[download] 100% of     72.00B in 00:00:00 at 13.03KiB/s',
      '[download] Destination: /c/d/abc.mp4',
      '[download]   3.9% of   25.60KiB at   19.96KiB/s ETA 00:01',
      '[download]   3.9% of   25.60KiB at   19.96KiB/s ETA 00:01',
      '[download] 100% of   25.60KiB in 00:00:01 at 19.94KiB/s',
      '[Metadata] Adding metadata to "/c/d/abc.mp4"',
    ]
      .map((line) => tracker.read(line))
      .filter((event) => event !== undefined);
    expect(events.map((e) => e.text)).toEqual([
      '3.9% of 25.60KiB at 19.96KiB/s - time left: 00:01',
      '100.0% of 25.60KiB at 19.94KiB/s - time left: 00:00',
      'processing',
    ]);
  });
});

describe('yt-dlp error classification (upstream §3.2)', () => {
  const table: [string, ReturnType<typeof classifyError>][] = [
    [
      'ERROR: [youtube] abc: Unable to download API page: <urlopen error [Errno -3] Temporary failure in name resolution>',
      'connection',
    ],
    ['ERROR: [youtube] abc: Sign in to confirm you’re not a bot. Use --cookies-from-browser', 'rate-limit'],
    ['ERROR: [youtube] abc: Sign in to confirm your age. This video may be inappropriate', 'item'],
    ['ERROR: unable to download video data: HTTP Error 403: Forbidden', 'rate-limit'],
    ['ERROR: [youtube] abc: Unable to download webpage: HTTP Error 429: Too Many Requests', 'rate-limit'],
    ['ERROR: [youtube:tab] UCabc: This channel does not have a shorts tab', 'empty-tab'],
    ['ERROR: [youtube] abc: Video unavailable', 'item'],
    ["ERROR: [youtube] abc: Private video. Sign in if you've been granted access to this video", 'item'],
    ['ERROR: [youtube:tab] nobody: Unable to download webpage: HTTP Error 404: Not Found', 'item'],
  ];
  it.each(table)('%s → %s', (message, kind) => {
    expect(classifyError(message)).toBe(kind);
  });
});

describe('one result per URL of a -J batch', () => {
  const urls = [
    'https://www.youtube.com/watch?v=aaaaaaaaaaa',
    'https://www.youtube.com/watch?v=bbbbbbbbbbb',
    'https://www.youtube.com/watch?v=ccccccccccc',
  ];

  it('pairs printed JSON and null lines with the URLs and each failure with the ERROR line naming its id', () => {
    const results = resultsPerUrl(urls, {
      code: 1,
      stdout: 'null\n{"id":"bbbbbbbbbbb","title":"B"}\nnull\n',
      stderr:
        'WARNING: something\nERROR: [youtube] ccccccccccc: Video unavailable\nERROR: [youtube] aaaaaaaaaaa: Sign in to confirm you’re not a bot\n',
    });
    expect(results[0]).toMatchObject({ ok: false, error: { kind: 'rate-limit' } });
    expect(results[1]).toEqual({ ok: true, value: { id: 'bbbbbbbbbbb', title: 'B' } });
    expect(results[2]).toMatchObject({
      ok: false,
      error: { kind: 'item', message: '[youtube] ccccccccccc: Video unavailable' },
    });
  });

  it('throws when nothing came back at all, with the class of the error', () => {
    expect(() =>
      resultsPerUrl(urls, {
        code: 1,
        stdout: '',
        stderr:
          'ERROR: [youtube] aaaaaaaaaaa: <urlopen error [Errno -3] Temporary failure in name resolution>\n',
      }),
    ).toThrow(expect.objectContaining({ kind: 'connection' }));
    expect(() =>
      resultsPerUrl(urls, {
        code: 2,
        stdout: '',
        stderr: 'Usage: yt-dlp\n\nyt-dlp: error: no such option: --bogus\n',
      }),
    ).toThrow('yt-dlp: error: no such option: --bogus');
  });
});
