import type { TermGroup } from '../../db/search/search-index.ts';
import { isPlainAscii, wordSpans } from '../../db/search/search-text.ts';

/** Upstream's highlight markup (upstream §2, `full:`): the whole line, each matched word wrapped. */
export const HIGHLIGHT_OPEN = '<span class="settings-current">';
export const HIGHLIGHT_CLOSE = '</span>';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** The text is shown as HTML by clients: stored subtitle or comment text must not become markup. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Whether a normalized word is one the query matched (as typed, a typo variant, or by prefix). */
function matcher(groups: TermGroup[]): (word: string) => boolean {
  const exact = new Set(groups.flatMap((g) => g.terms));
  const prefixes = groups.flatMap((g) => (g.prefix ? [g.prefix] : []));
  return (word) => exact.has(word) || prefixes.some((p) => word.startsWith(p));
}

/**
 * A function that highlights texts for one query: built once per answer, applied to each of its 30 hits. It
 * returns the text HTML-escaped, with every word the query matched (typo variants included) wrapped.
 */
export function highlighter(groups: TermGroup[]): (text: string) => string {
  const matches = matcher(groups);
  const firstLetters = new Set(
    [...groups.flatMap((g) => g.terms), ...groups.flatMap((g) => g.prefix ?? [])].map((w) => w.charCodeAt(0)),
  );
  return (text) =>
    isPlainAscii(text) ? highlightAscii(text, matches, firstLetters) : highlightAny(text, matches);
}

/** The text, HTML-escaped, with every word the query matched highlighted. */
export function highlight(text: string, groups: TermGroup[]): string {
  return highlighter(groups)(text);
}

/**
 * Plain ASCII (most subtitle lines) in one pass over the characters, the words being runs of letters and
 * digits as wordSpans has them: no span objects, and a word whose first letter starts no query word is
 * passed over without being cut out and lowercased. Letters and digits need no escaping.
 */
function highlightAscii(text: string, matches: (word: string) => boolean, firstLetters: Set<number>): string {
  let out = '';
  let at = 0;
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 0;
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57)) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    const first = text.charCodeAt(start) | 0x20; // lowercase for letters; digits already have the bit
    if (firstLetters.has(first) && matches(text.slice(start, i).toLowerCase())) {
      out += escapeHtml(text.slice(at, start)) + HIGHLIGHT_OPEN + text.slice(start, i) + HIGHLIGHT_CLOSE;
      at = i;
    }
    start = -1;
  }
  return out + escapeHtml(text.slice(at));
}

function highlightAny(text: string, matches: (word: string) => boolean): string {
  let out = '';
  let at = 0;
  for (const span of wordSpans(text)) {
    if (!matches(span.word)) continue;
    out += escapeHtml(text.slice(at, span.start));
    out += HIGHLIGHT_OPEN + escapeHtml(text.slice(span.start, span.end)) + HIGHLIGHT_CLOSE;
    at = span.end;
  }
  return out + escapeHtml(text.slice(at));
}
