import { describe, expect, it } from 'vitest';
import type { FailureCategory } from '@tubekeeper/contract';
import { errorFromLine } from '../src/repositories/ytdlp-output.ts';
import { diagnose, startTime, ytdlpAge } from '../src/repositories/ytdlp-diagnosis.ts';

/**
 * Real yt-dlp error texts, quoted as printed (from issue reports and yt-dlp's extractor sources; the
 * source is given beside each), mapped to what the user is told. Each goes through the same path as a
 * failed run: the `ERROR:` line is read by errorFromLine, then diagnosed.
 */
const REAL: [source: string, line: string, category: FailureCategory][] = [
  [
    'tubekeeper fake catalogue (botCheck001), yt-dlp 2024.x youtube extractor',
    'ERROR: [youtube] abc: Sign in to confirm you’re not a bot. Use --cookies-from-browser or --cookies for the authentication. See  https://github.com/yt-dlp/yt-dlp/wiki/FAQ#how-do-i-pass-cookies-to-yt-dlp  for how to manually pass cookies. Also see  https://github.com/yt-dlp/yt-dlp/wiki/Extractors#exporting-youtube-cookies  for tips on effectively exporting YouTube cookies',
    'bot_check',
  ],
  [
    'ytdl-org/youtube-dl#32765',
    'ERROR: [youtube] h7aSM88pUv8: Join this channel to get access to members-only content like this video, and other exclusive perks.',
    'members_only',
  ],
  [
    'Unrud/video-downloader#319',
    'ERROR: [youtube] epoGMzLgyFQ: Join this channel from your computer or Android app to get access to members-only content like this video.',
    'members_only',
  ],
  [
    'umputun/feed-master#72',
    'ERROR: [youtube] M3GgCZFVBIo: Sign in to confirm your age. This video may be inappropriate for some users',
    'age_restricted',
  ],
  [
    'aandrew-me/ytDownloader#255',
    'ERROR: [youtube] xxxxxxxx: Sign in to confirm your age. This video may be inappropriate for some users.',
    'age_restricted',
  ],
  [
    'yt-dlp/yt-dlp#2027',
    "ERROR: Private video. Sign in if you've been granted access to this video",
    'private',
  ],
  ['ytdl-org/youtube-dl#30146 (first line of a two-line error)', 'ERROR: Private video', 'private'],
  [
    'jely2002/youtube-dl-gui#554',
    "ERROR: [youtube] This video has been removed for violating YouTube's Terms of Service",
    'removed',
  ],
  ['yt-dlp/yt-dlp#17702', 'ERROR: [youtube] XyHm0BmtLHg: Video unavailable', 'removed'],
  [
    'yt-dlp/yt-dlp#14095',
    'ERROR: [youtube] qaImFO_DgAM: Video unavailable. This content isn’t available.',
    'removed',
  ],
  [
    'anasty17/mirror-leech-telegram-bot#307',
    'ERROR: [youtube] TC--PUel42s: Video unavailable. This video contains content from Marvelous Inc., who has blocked it on copyright grounds',
    'removed',
  ],
  [
    'vididataset/VIDI#1 (second line)',
    'ERROR: This video is no longer available because the YouTube account associated with this video has been terminated.',
    'removed',
  ],
  [
    'yt-dlp youtube.py _extract_data',
    'ERROR: [youtube:tab] UCabc: The channel/playlist does not exist and the URL redirected to youtube.com home page',
    'removed',
  ],
  [
    'KurtBestor/Hitomi-Downloader#4948',
    'ERROR: [youtube] ltcd1B8WyTM: Video unavailable. The uploader has not made this video available in your country',
    'geo_blocked',
  ],
  [
    'ytdl-org/youtube-dl#19015',
    'ERROR: This video contains content from SME, who has blocked it in your country on copyright grounds.',
    'geo_blocked',
  ],
  [
    'yt-dlp common.py raise_geo_restricted (default message)',
    'ERROR: [youtube] abc: This video is not available from your location due to geo restriction',
    'geo_blocked',
  ],
  ['tgbot-collection/ytdlbot#128', 'ERROR: [youtube] 4pfMyoT6LhE: Premieres in 2 hours', 'not_yet_available'],
  ['lovezzzxxx/liverecord#73', 'ERROR: This live event will begin in 17 days.', 'not_yet_available'],
  ['nbr23/youtube-dl-server#146', 'ERROR: This live event will begin in 12 hours.', 'not_yet_available'],
  [
    'WEIFENG2333/VideoCaptioner#540',
    'ERROR: [youtube] B2HMdtND4ws: Requested format is not available. Use --list-formats for a list of available formats',
    'format_unavailable',
  ],
  ['alexta69/metube#465', 'ERROR: [youtube] b-nO6rK8qps: No video formats found!', 'format_unavailable'],
  ['yt-dlp/yt-dlp#8423', 'ERROR: unable to download video data: HTTP Error 403: Forbidden', 'throttled'],
  [
    'ytdl-org/youtube-dl#5160',
    'ERROR: Unable to download webpage: HTTP Error 429: Too Many Requests (caused by HTTPError()); please report this issue on https://yt-dl.org/bug . Make sure you are using the latest version; type  youtube-dl -U  to update. Be sure to call youtube-dl with the --verbose flag and include its complete output.',
    'throttled',
  ],
  [
    'neosubhamoy/neodlp#40',
    "ERROR: [youtube] 8NxoMpXM2oI: Video unavailable. This content isn't available, try again later. The current session has been rate-limited by YouTube for up to an hour. It is recommended to use `-t sleep` to add a delay between video requests to avoid exceeding the rate limit. For more information, refer to https://github.com/yt-dlp/yt-dlp/wiki/Extractors#this-content-isnt-available-try-again-later",
    'throttled',
  ],
  [
    'ytdl-org/youtube-dl#28345',
    "ERROR: Unable to download API page: <urlopen error [Errno -3] Temporary failure in name resolution> (caused by URLError(gaierror(-3, 'Temporary failure in name resolution'),))",
    'network_down',
  ],
  [
    'tubearchivist/tubearchivist#961',
    "ERROR: [youtube:tab] PL6uBymdpG-16q_rSNPx4RpoEB2-mQ6E2G: Unable to download API page: <urllib3.connection.HTTPSConnection object at 0x72dd0c0b2c10>: Failed to resolve 'www.youtube.com' ([Errno -3] Temporary failure in name resolution) (caused by TransportError(\"<urllib3.connection.HTTPSConnection object at 0x72dd0c0b2c10>: Failed to resolve 'www.youtube.com' ([Errno -3] Temporary failure in name resolution)\"))",
    'network_down',
  ],
  // printed by Debian's yt-dlp 2023.03.04 (/usr/bin/yt-dlp) on a machine without a network, as captured
  [
    'yt-dlp 2023.03.04 offline: yt-dlp https://www.youtube.com/watch?v=abcdefghijk',
    "ERROR: [youtube] abcdefghijk: Unable to download API page: <urlopen error [Errno -2] Name or service not known> (caused by URLError(gaierror(-2, 'Name or service not known')))",
    'network_down',
  ],
  [
    'yt-dlp 2023.03.04 offline: yt-dlp --flat-playlist https://www.youtube.com/channel/<id>/videos',
    "ERROR: [youtube:tab] UCabcdefghijklmnopqrstuv: Unable to download API page: <urlopen error [Errno -2] Name or service not known> (caused by URLError(gaierror(-2, 'Name or service not known')))",
    'network_down',
  ],
  [
    'yt-dlp 2023.03.04: yt-dlp yt-dlp (CommonMistakesIE, without -v)',
    'ERROR: [CommonMistakes] None: You\'ve asked yt-dlp to download the URL "yt-dlp". That doesn\'t make any sense. Simply remove the parameter in your command or configuration. Add -v to the command line to see what arguments and configuration yt-dlp has',
    'unknown',
  ],
  [
    'mps-youtube/yewtube#1228',
    'ERROR: [youtube] my7d7zjzFRo: Unable to extract uploader id; please report this issue on  https://github.com/yt-dlp/yt-dlp/issues?q= , filling out the appropriate issue template. Confirm you are on the latest version using  yt-dlp -U',
    'ytdlp_outdated',
  ],
  [
    'snap-research/Panda-70M#22',
    'ERROR: [youtube] 2-bTXalGZw8: Failed to extract any player response; please report this issue on  https://github.com/yt-dlp/yt-dlp/issues?q= , filling out the appropriate issue template. Confirm you are on the latest version using  yt-dlp -U',
    'ytdlp_outdated',
  ],
  [
    'yt-dlp/yt-dlp#10108',
    'ERROR: [youtube] Q1kmXoeeKAE: The following content is not available on this app.. Watch on the latest version of YouTube.',
    'ytdlp_outdated',
  ],
  [
    'ytdl-org/youtube-dl#32221',
    'ERROR: Unable to extract uploader id; please report this issue on https://yt-dl.org/bug . Make sure you are using the latest version; see https://yt-dl.org/update on how to update. Be sure to call youtube-dl with the --verbose flag and include its complete output.',
    'ytdlp_outdated',
  ],
  // composed as yt-dlp 2023.03.04 (Debian's, /usr/lib/python3/dist-packages/yt_dlp) composes them:
  // ExtractorError's "[ie] id: " prefix, raise_login_required's cookie hint, _report_alerts' "YouTube said:"
  [
    'yt-dlp common.py raise_login_required (default message, _login_hint "cookies")',
    'ERROR: [youtube] abcdefghijk: This video is only available for registered users. Use --cookies-from-browser or --cookies for the authentication. See  https://github.com/yt-dlp/yt-dlp/wiki/FAQ#how-do-i-pass-cookies-to-yt-dlp  for how to manually pass cookies',
    'bot_check',
  ],
  [
    'yt-dlp youtube.py _check_login_required (YoutubeFavouritesIE, _LOGIN_REQUIRED, no cookies)',
    'ERROR: [youtube:favorites] Login details are needed to download this content. Use --cookies-from-browser or --cookies for the authentication. See  https://github.com/yt-dlp/yt-dlp/wiki/FAQ#how-do-i-pass-cookies-to-yt-dlp  for how to manually pass cookies',
    'bot_check',
  ],
  [
    'yt-dlp youtube.py _report_alerts with the alert of its private-playlist test',
    'ERROR: [youtube:tab] PLbjDnnBIxiEo8RlgfifC8OhLmJl8SgpJE: YouTube said: This playlist is private',
    'private',
  ],
  [
    'yt-dlp youtube.py _real_extract, playability reason + subreason (raise_no_formats)',
    "ERROR: [youtube] abcdefghijk: Private video. Sign in if you've been granted access to this video",
    'private',
  ],
  [
    'yt-dlp youtube.py _real_extract: subreason "The uploader has not made this video available in your country." (raise_geo_restricted)',
    'ERROR: [youtube] abcdefghijk: The uploader has not made this video available in your country.',
    'geo_blocked',
  ],
  [
    'yt-dlp youtube.py YoutubeTabIE: tab page not recognised (not expected: bug_reports_message appended)',
    'ERROR: [youtube:tab] UCabcdefghijklmnopqrstuv: Unable to recognize tab page; please report this issue on  https://github.com/yt-dlp/yt-dlp/issues?q= , filling out the appropriate issue template. Confirm you are on the latest version using  yt-dlp -U',
    'ytdlp_outdated',
  ],
  [
    'yt-dlp youtube.py _extract_tab_endpoint',
    'ERROR: [youtube:tab] abc: Failed to resolve url (does the playlist exist?)',
    'removed',
  ],
  [
    'yt-dlp/yt-dlp#9368',
    'ERROR: [CommonMistakes] You\'ve asked yt-dlp to download the URL "yt-dlp". That doesn\'t make any sense. Simply remove the parameter in your command or configuration.',
    'unknown',
  ],
];

const NOW = Date.UTC(2024, 9, 25, 12, 0); // 2024-10-25 12:00 UTC: 601 days after 2023.03.04
const context = { ytdlpVersion: '2023.03.04', now: NOW };

describe('failure diagnosis of real yt-dlp error texts (issue 16)', () => {
  it('holds at least 25 real texts and covers every provider category', () => {
    expect(REAL.length).toBeGreaterThanOrEqual(25);
    const covered = new Set(REAL.map(([, , category]) => category));
    for (const category of [
      'bot_check',
      'members_only',
      'age_restricted',
      'geo_blocked',
      'private',
      'removed',
      'not_yet_available',
      'format_unavailable',
      'throttled',
      'network_down',
      'ytdlp_outdated',
    ] as const)
      expect(covered).toContain(category);
  });

  it.each(REAL)('%s → %s', (_source, line, category) => {
    const { message } = errorFromLine(line);
    const diagnosis = diagnose(message, context);
    expect(diagnosis.category).toBe(category);
    expect(diagnosis.label.length).toBeGreaterThan(0);
    expect(diagnosis.advice.length).toBeGreaterThan(10);
  });

  it('tells what to do for the common cases', () => {
    const advice = (line: string) => diagnose(errorFromLine(line).message, context).advice;
    expect(advice(REAL[0]![1])).toMatch(/Import a cookie.*PO token/);
    expect(advice(REAL[1]![1])).toMatch(/member/);
    expect(advice(REAL.find(([source]) => source === 'mps-youtube/yewtube#1228')![1])).toBe(
      'yt-dlp no longer understands the site: update yt-dlp: installed 2023.03.04, 601 days old.',
    );
  });

  it('gives a premiere its start time, so the item is tried again then', () => {
    const premiere = diagnose('[youtube] 4pfMyoT6LhE: Premieres in 2 hours', context);
    expect(premiere.retryAt).toBe(NOW + 2 * 3_600_000);
    expect(premiere.advice).toBe('Not started yet; tried again from 2024-10-25 14:00 UTC.');
    expect(startTime('This live event will begin in 17 days.', NOW)).toBe(NOW + 17 * 86_400_000);
    expect(startTime('This live event will begin in a few moments.', NOW)).toBe(NOW + 5 * 60_000);
    expect(diagnose('[youtube] x: Video unavailable', context).retryAt).toBeNull();
  });

  it('says how old the installed yt-dlp is', () => {
    expect(ytdlpAge('2023.03.04', NOW)).toBe('installed 2023.03.04, 601 days old');
    expect(ytdlpAge('2024.10.24', NOW)).toBe('installed 2024.10.24, 1 day old');
    expect(ytdlpAge(undefined, NOW)).toBe('');
  });

  it('keeps a login-required video an item failure, while a bot check backs the run off', () => {
    const kind = (line: string) => errorFromLine(line).kind;
    expect(kind(REAL[0]![1])).toBe('rate-limit');
    const loginRequired = REAL.find(([source]) => source.includes('raise_login_required'))!;
    expect(kind(loginRequired[1])).toBe('item');
    expect(diagnose(errorFromLine(loginRequired[1]).message, context).advice).toMatch(/Import a cookie/);
  });

  it('says when yt-dlp is missing', () => {
    const missing = diagnose('yt-dlp not found: install it or set YTDLP_PATH', context);
    expect(missing.category).toBe('ytdlp_missing');
    expect(missing.advice).toBe('Install yt-dlp or set YTDLP_PATH.');
  });
});

describe('failure diagnosis of feed checks and hub requests (issue 16)', () => {
  // the texts feed.repository.ts and websub-hub.repository.ts write: no yt-dlp is involved, so no advice
  // to update it; the subscription is read (or asked) again at the next check either way
  it.each([
    ['feed unreachable: ENOTFOUND', 'network_down', /cannot be reached.*next feed check/],
    ['feed unreachable: This operation was aborted', 'network_down', /cannot be reached.*next feed check/],
    ['hub unreachable: ECONNREFUSED', 'network_down', /cannot be reached.*next feed check/],
    ['feed answered HTTP 429', 'throttled', /limits requests.*next feed check/],
    ['feed answered HTTP 403', 'throttled', /limits requests.*next feed check/],
    ['feed answered HTTP 404', 'removed', /no feed for it.*gone or private.*deep scan/],
    ['feed answered HTTP 500', 'unknown', /read again at the next feed check.*deep scan/],
    ['hub answered HTTP 400: Invalid value for hub.callback', 'unknown', /TK_PUBLIC_URL/],
    ['the hub denied the subscription: topic not allowed', 'unknown', /TK_PUBLIC_URL/],
  ] as const)('%s → %s', (message, category, advice) => {
    const diagnosis = diagnose(message, context);
    expect(diagnosis.category).toBe(category);
    expect(diagnosis.advice).toMatch(advice);
    expect(diagnosis.advice).not.toMatch(/yt-dlp/);
  });
});
