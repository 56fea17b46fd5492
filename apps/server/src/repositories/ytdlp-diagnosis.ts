import type { FailureCategory } from '@tubekeeper/contract';

/**
 * What a yt-dlp error text means for the user (issue 16): a category, the advice that goes with it and,
 * for a premiere or a scheduled live stream, when to try again. The texts are yt-dlp's own (its extractor
 * messages and YouTube's playability reasons it passes on); the table test holds real examples of each.
 * Pure: the caller gives the installed yt-dlp version and the clock.
 */

export interface Diagnosis {
  category: FailureCategory;
  label: string;
  advice: string;
  /** epoch ms from when the item is worth trying again; null when a retry depends on the user */
  retryAt: number | null;
}

export interface DiagnosisContext {
  /** `yt-dlp --version` ("2023.03.04"); undefined when unknown */
  ytdlpVersion?: string;
  now: number;
}

export const CATEGORY_LABELS: Record<FailureCategory, string> = {
  bot_check: 'Bot check / sign-in required',
  members_only: 'Members-only',
  age_restricted: 'Age-restricted',
  geo_blocked: 'Geo-blocked',
  private: 'Private video',
  removed: 'Removed',
  not_yet_available: 'Premiere or live stream not started',
  format_unavailable: 'Format not available',
  throttled: 'Throttled by the provider',
  network_down: 'Network down',
  ytdlp_outdated: 'yt-dlp too old',
  ytdlp_missing: 'yt-dlp missing',
  unknown: 'Other failure',
};

/**
 * yt-dlp's login-required errors (`raise_login_required`: "This video is only available for registered
 * users", "Login details are needed to download this content", each followed by "Use --cookies... for the
 * authentication"): a sign-in, not a refusal, so a run does not back off for them (ytdlp-output.ts).
 */
export const SIGN_IN_REQUIRED =
  /only available for registered users|Login details are needed|for the authentication/i;

/**
 * In order: the first matching rule wins. Order matters where texts overlap: "Video unavailable. This
 * content isn't available, try again later" is a rate limit, not a removal; "Video unavailable. The
 * uploader has not made this video available in your country" is a geo block; "Sign in to confirm your
 * age" is the age gate, not the bot check.
 */
const RULES: [FailureCategory, RegExp][] = [
  ['ytdlp_missing', /yt-dlp not found|spawn \S+ ENOENT/i],
  [
    'network_down',
    /Temporary failure in name resolution|Name or service not known|Network is unreachable|No route to host|Connection refused|Failed to resolve '|getaddrinfo failed|Errno -[23]\]/i,
  ],
  [
    'not_yet_available',
    /Premieres in |live event will begin|This live event has not started|Premiere will begin/i,
  ],
  ['members_only', /members-only|channel's members|Join this channel/i],
  ['age_restricted', /confirm your age|inappropriate for some users|age-restricted|age restricted/i],
  // newer yt-dlp adds its cookie hint ("... for the authentication") to "Private video. Sign in if ..."
  ['private', /Private video|(?:video|playlist) is private|video has been made private/i],
  ['bot_check', /not a bot|Sign in to confirm|PO Token|po_token/i],
  // raise_login_required: "This video is only available for registered users. Use --cookies-from-browser ..."
  ['bot_check', SIGN_IN_REQUIRED],
  ['throttled', /HTTP Error 429|Too Many Requests|rate-limited|try again later|HTTP Error 403/i],
  [
    'geo_blocked',
    /in your country|not available from your location|geo[ -]?restrict|not made this video available in your/i,
  ],
  [
    'removed',
    /Video unavailable|has been removed|no longer available|has been terminated|violating YouTube|blocked it on copyright grounds|(?:channel|playlist) does not exist|does the playlist exist|This video is unavailable|This video is not available/i,
  ],
  ['format_unavailable', /Requested format is not available|No video formats found/i],
  [
    'ytdlp_outdated',
    /Confirm you are on the latest version|Unable to extract|Failed to extract|nsig extraction failed|Signature extraction failed|not available on this app|Watch on the latest version of YouTube/i,
  ],
];

/**
 * Our own texts for a feed read or a hub request (feed.repository.ts, websub-hub.repository.ts): no
 * yt-dlp is involved, and the feed (or the hub) is asked again at the next check whatever happened.
 */
const SUBSCRIPTION_TEXT = /^(?:feed|hub|the hub) /;
const SUBSCRIPTION_RULES: [FailureCategory, RegExp][] = [
  ['network_down', /^(?:feed|hub) unreachable: /],
  ['throttled', /^(?:feed|hub) answered HTTP (?:429|403)\b/],
  // YouTube has no feed for an id it does not know (gone, terminated) or will not show (private)
  ['removed', /^feed answered HTTP 404\b/],
];

export function categorize(message: string): FailureCategory {
  const rules = SUBSCRIPTION_TEXT.test(message) ? SUBSCRIPTION_RULES : RULES;
  return rules.find(([, pattern]) => pattern.test(message))?.[0] ?? 'unknown';
}

/** What to do about a feed check's or a hub request's failure. */
function subscriptionAdvice(category: FailureCategory, message: string): string {
  switch (category) {
    case 'network_down':
      return 'The provider cannot be reached: it is asked again at the next feed check.';
    case 'throttled':
      return 'The provider limits requests: it is asked again at the next feed check; check feeds less often if this lasts.';
    case 'removed':
      return 'YouTube has no feed for it: the channel or playlist may be gone or private; the deep scan (Rescan subscriptions) tells for sure. A 404 that passes was YouTube’s.';
    default:
      return message.startsWith('feed ')
        ? 'See the message; the feed is read again at the next feed check, and the deep scan still finds new uploads.'
        : 'The hub refused or denied the push subscription: check that TK_PUBLIC_URL reaches this server from the internet; it is asked again at the next feed check, and feed checks find new uploads meanwhile.';
  }
}

const FEW_MOMENTS_MS = 5 * 60_000;
const UNIT_MS: Record<string, number> = {
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
};

/**
 * When a premiere or live stream starts, from "Premieres in 2 hours", "This live event will begin in 17
 * days." or "... in a few moments.": YouTube rounds, so the item is tried from that time on, once a run
 * comes by. Undefined when the text gives no time.
 */
export function startTime(message: string, now: number): number | undefined {
  if (/in a few moments/i.test(message)) return now + FEW_MOMENTS_MS;
  const match = /(?:Premieres|begin) in (\d+) (second|minute|hour|day|week)s?/i.exec(message);
  if (!match) return undefined;
  return now + Number(match[1]) * UNIT_MS[match[2]!.toLowerCase()]!;
}

const DAY_MS = 86_400_000;

/** Days since the release a yt-dlp version ("2023.03.04") names; undefined when it names no date. */
export function ytdlpReleaseAgeDays(version: string | undefined, now: number): number | undefined {
  const match = version && /^(\d{4})\.(\d{2})\.(\d{2})/.exec(version);
  if (!match) return undefined;
  const released = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Math.max(0, Math.floor((now - released) / DAY_MS));
}

/** "installed 2023.03.04, 600 days old", or "" when the version is unknown. */
export function ytdlpAge(version: string | undefined, now: number): string {
  const days = ytdlpReleaseAgeDays(version, now);
  if (days === undefined) return version ? `installed ${version}` : '';
  return `installed ${version}, ${days} day${days === 1 ? '' : 's'} old`;
}

function adviceFor(category: FailureCategory, message: string, context: DiagnosisContext): string {
  if (SUBSCRIPTION_TEXT.test(message)) return subscriptionAdvice(category, message);
  const age = ytdlpAge(context.ytdlpVersion, context.now);
  // the issue's wording: "update yt-dlp: installed 2023.03.04, 600 days old"
  const update = `update yt-dlp${age ? `: ${age}` : ''}`;
  switch (category) {
    case 'bot_check':
      return 'Import a cookie of a signed-in account or set a PO token (Settings > Application); slow down with a sleep interval.';
    case 'members_only':
      return 'Import a cookie of an account that is a member of this channel (Settings > Application).';
    case 'age_restricted':
      return 'Import a cookie of a signed-in, age-verified account (Settings > Application).';
    case 'geo_blocked':
      return "Not available from this server's country; only a connection from an allowed country can fetch it. Ignore it otherwise.";
    case 'private':
      return 'The owner made it private: not retried. Import a cookie of an account with access, or ignore it.';
    case 'removed':
      return 'The provider removed it: not retried. Ignore it to keep it out of the queue.';
    case 'not_yet_available': {
      const start = startTime(message, context.now);
      return start
        ? `Not started yet; tried again from ${new Date(start).toISOString().slice(0, 16).replace('T', ' ')} UTC.`
        : 'Not started yet; clear the error once it has started.';
    }
    case 'format_unavailable':
      return `Check the format setting (Settings > Application); if every download fails this way, ${update}.`;
    case 'throttled':
      return 'The provider limits requests: the run backs off and leaves the item queued; set a sleep interval, or import a cookie.';
    case 'network_down':
      return 'The provider cannot be reached: try again when the network is back (a download run stops there and keeps its queue).';
    case 'ytdlp_outdated':
      return `yt-dlp no longer understands the site: ${update}.`;
    case 'ytdlp_missing':
      return 'Install yt-dlp or set YTDLP_PATH.';
    case 'unknown':
      return age ? `See the message; if it keeps failing, ${update}.` : 'See the message.';
  }
}

/** The message as the user reads it everywhere: yt-dlp's text, then "[category: advice]". */
export function withAdvice(message: string, diagnosis: Pick<Diagnosis, 'label' | 'advice'>): string {
  return `${message} [${diagnosis.label}: ${diagnosis.advice}]`;
}

export function diagnose(message: string, context: DiagnosisContext): Diagnosis {
  const category = categorize(message);
  const retryAt = category === 'not_yet_available' ? (startTime(message, context.now) ?? null) : null;
  return {
    category,
    label: CATEGORY_LABELS[category],
    advice: adviceFor(category, message, context),
    retryAt,
  };
}
