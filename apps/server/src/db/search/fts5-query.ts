import type { TermGroup } from './search-index.ts';
import { PAIR_JOINER } from './search-text.ts';
import { pairWords } from './term-groups.ts';

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

/**
 * The word pairs of the query as FTS5 terms of the word pairs index (migration 0009): "you know what" →
 * `"you_know"`, `"know_what"` (which words make pairs: term-groups.ts `pairWords`).
 */
export function pairTerms(groups: TermGroup[]): string[] | undefined {
  const words = pairWords(groups);
  return words?.slice(1).map((word, i) => quoted(words[i]! + PAIR_JOINER + word));
}
