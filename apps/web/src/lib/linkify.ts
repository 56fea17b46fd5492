/**
 * Splits free text from the archive (descriptions, comments) into plain text, web links and
 * timestamps. Rendering these parts as React text and <a> elements is what keeps markup in the data
 * (a `<script>` or `<img onerror>` in a description) inert: nothing is ever parsed as HTML.
 */
export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'timestamp'; text: string; seconds: number };

// Only http(s) links become anchors, so a `javascript:` URL in the data stays text.
const URL_PATTERN = /https?:\/\/[^\s<>"']+/gi;
const TIMESTAMP_PATTERN = /(?<![\d:])(?:(\d{1,2}):)?(\d{1,2}):(\d{2})(?![\d:])/g;
// Punctuation that usually ends a sentence rather than a URL.
const TRAILING = /[.,;:!?)\]}'"]+$/;

function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    let url = match[0];
    const trailing = TRAILING.exec(url)?.[0] ?? '';
    // Keep a closing parenthesis that belongs to the URL, e.g. a Wikipedia link "..._(film)".
    if (trailing.startsWith(')') && url.includes('(')) url = url.slice(0, url.length - trailing.length + 1);
    else url = url.slice(0, url.length - trailing.length);
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    if (isWebUrl(url)) parts.push({ kind: 'link', text: url, href: url });
    else parts.push({ kind: 'text', text: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

function isWebUrl(candidate: string): boolean {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function timestampParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(TIMESTAMP_PATTERN)) {
    const [whole, hours, minutes, seconds] = match;
    if (Number(seconds) > 59 || (hours !== undefined && Number(minutes) > 59)) continue;
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    const total = Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds);
    parts.push({ kind: 'timestamp', text: whole, seconds: total });
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** The parts of `text`; timestamps ("1:23", "1:02:03") are found only when asked for. */
export function splitText(text: string, options: { timestamps?: boolean } = {}): TextPart[] {
  const parts = linkParts(text);
  if (!options.timestamps) return parts;
  return parts.flatMap((part) => (part.kind === 'text' ? timestampParts(part.text) : [part]));
}
