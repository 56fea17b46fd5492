import type { TermGroup } from './search-index.ts';

/**
 * tsquery text from term groups, for `to_tsquery('tk_search', …)`. Every term is a quoted lexeme, so
 * operators typed by a user (& | ! <-> : *) are never syntax. `weights` limits matches to those weight
 * letters of the document (e.g. 'A' = title only).
 */
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
