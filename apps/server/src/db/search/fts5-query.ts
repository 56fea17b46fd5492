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
 * The word pairs of the query as FTS5 terms of the word pairs index (migration 0009): "you know what" →
 * `"you_know"`, `"know_what"`. The pairs index has no prefix index, and FTS5 merges every posting list a
 * prefix matches before it returns a row ("the_yo*": "the_you", "the_your", … a million postings), so a
 * word still being typed makes no pair, unless it is the only second word ("the yo" → `"the_yo"`, the word
 * as typed). Undefined for one word or a word widened to typo variants (a phrase has one spelling per word).
 */
export function pairTerms(groups: TermGroup[]): string[] | undefined {
  if (groups.length < 2) return undefined;
  const words: string[] = [];
  for (const [i, g] of groups.entries()) {
    const last = i === groups.length - 1;
    if (g.terms.length === 1 && !g.prefix) words.push(g.terms[0]!);
    else if (last && g.terms.length === 0 && g.prefix) words.push(g.prefix);
    else return undefined;
  }
  const pairs = words.slice(1).map((word, i) => quoted(words[i]! + PAIR_JOINER + word));
  return groups.at(-1)!.prefix && pairs.length > 1 ? pairs.slice(0, -1) : pairs;
}
