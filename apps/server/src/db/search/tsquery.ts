import { sql } from 'kysely';
import type { TermGroup } from './search-index.ts';

/**
 * tsquery text from term groups, for `to_tsquery('tk_search', …)`. Every term is a quoted lexeme, so
 * operators typed by a user (& | ! <-> : *) are never syntax. `weights` limits matches to those weight
 * letters of the document (e.g. 'A' = title only).
 */
/** A tsquery of the search configuration (migration 0004) from tsquery text. */
export const toTsquery = (expression: string) => sql`to_tsquery('tk_search', ${expression})`;

const lexeme = (term: string) => `'${term.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

function group(g: TermGroup, weights: string): string {
  const parts = [
    ...g.terms.map((t) => `${lexeme(t)}${weights ? `:${weights}` : ''}`),
    ...(g.prefix ? [`${lexeme(g.prefix)}:*${weights}`] : []),
  ];
  return parts.length === 1 ? parts[0]! : `(${parts.join(' | ')})`;
}

export function tsqueryExpression(groups: TermGroup[], weights = ''): string {
  return groups.map((g) => group(g, weights)).join(' & ');
}

/**
 * The query as a phrase (`'you' <-> 'know' <-> 'wh':*`): the words next to each other, in order. Undefined
 * for one word or a word widened to typo variants, as fts5-query.ts `pairPhrase`.
 */
export function tsqueryPhrase(groups: TermGroup[]): string | undefined {
  if (groups.length < 2) return undefined;
  const last = groups.length - 1;
  const single = groups.every((g, i) =>
    i === last ? g.terms.length + (g.prefix ? 1 : 0) === 1 : g.terms.length === 1 && !g.prefix,
  );
  return single ? groups.map((g) => group(g, '')).join(' <-> ') : undefined;
}

/** Two words next to each other (`'you' <-> 'know'`): a pair of a phrase. */
export function tsqueryPair(first: string, second: string): string {
  return `${lexeme(first)} <-> ${lexeme(second)}`;
}
