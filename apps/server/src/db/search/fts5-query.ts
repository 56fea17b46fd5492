import type { TermGroup } from './search-index.ts';
import { PAIR_JOINER } from './search-text.ts';

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
 * The phrase of the query as an FTS5 phrase over the word pairs index (migration 0009): "you know wh" →
 * `"you_know" + "know_wh"*`, consecutive pairs at consecutive positions. Undefined when the query is one word
 * or a word was widened to typo variants (a phrase has one spelling per word).
 */
export function pairPhrase(groups: TermGroup[]): string | undefined {
  if (groups.length < 2) return undefined;
  const words: string[] = [];
  for (const [i, g] of groups.entries()) {
    const last = i === groups.length - 1;
    if (g.terms.length === 1 && !g.prefix) words.push(g.terms[0]!);
    else if (last && g.terms.length === 0 && g.prefix) words.push(g.prefix);
    else return undefined;
  }
  const prefix = groups.at(-1)!.prefix ? '*' : '';
  const pairs = words.slice(1).map((word, i) => quoted(words[i]! + PAIR_JOINER + word));
  return pairs.join(' + ') + prefix;
}
