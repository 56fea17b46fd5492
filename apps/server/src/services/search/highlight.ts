import type { TermGroup } from '../../db/search/search-index.ts';
import { wordSpans } from '../../db/search/search-text.ts';

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

function matcher(groups: TermGroup[]): (word: string) => boolean {
  const exact = new Set(groups.flatMap((g) => g.terms));
  const prefixes = groups.flatMap((g) => (g.prefix ? [g.prefix] : []));
  return (word) => exact.has(word) || prefixes.some((p) => word.startsWith(p));
}

/** The text, HTML-escaped, with every word the query matched (typo variants included) highlighted. */
export function highlight(text: string, groups: TermGroup[]): string {
  const matches = matcher(groups);
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
