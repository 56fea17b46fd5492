import type { TermGroup } from './search-index.ts';

/**
 * FTS5 MATCH expressions from term groups. Every term is a quoted string, so operators (AND OR NOT NEAR),
 * `*`, `^`, `:`, `-` and brackets typed by a user are never syntax; a quote inside a term is doubled.
 */
const quoted = (term: string) => `"${term.replaceAll('"', '""')}"`;

function group(g: TermGroup): string {
  const parts = [...g.terms.map(quoted), ...(g.prefix ? [`${quoted(g.prefix)}*`] : [])];
  return parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`;
}

/** All groups must match, within the given columns (all columns when none are given). */
export function ftsExpression(groups: TermGroup[], columns?: readonly string[]): string {
  const body = groups.map(group).join(' AND ');
  return columns ? `{${columns.join(' ')}} : (${body})` : `(${body})`;
}

/** The part of a probe expression before a candidate word, e.g. `{title} : "`. */
export function probePrefix(columns?: readonly string[]): string {
  return columns ? `{${columns.join(' ')}} : "` : '"';
}
