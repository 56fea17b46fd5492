/** A piece of a highlighted line: plain text, or a word the query matched. */
export interface HighlightPart {
  text: string;
  match: boolean;
}

const MARKED = /<span class="settings-current">([\s\S]*?)<\/span>/g;
const ENTITY = /&(#\d+|#x[0-9a-f]+|amp|lt|gt|quot|apos);/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The character references the server escapes with; anything else stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower in NAMED) return NAMED[lower]!;
    const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * The search API's highlight markup (upstream §2: `<span class="settings-current">` around each matched
 * word, the rest HTML-escaped) as parts to render as text. Only that exact marker is understood; any
 * other markup in the line, escaped or not, comes out as literal text and never as elements.
 */
export function parseHighlight(html: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  const push = (raw: string, match: boolean) => {
    if (raw) parts.push({ text: decodeEntities(raw), match });
  };
  let at = 0;
  for (const found of html.matchAll(MARKED)) {
    push(html.slice(at, found.index), false);
    push(found[1]!, true);
    at = found.index + found[0].length;
  }
  push(html.slice(at), false);
  return parts;
}
