import type { PageSpec, TermGroup } from './search-index.ts';
import { isPlainAscii, wordSpans } from './search-text.ts';

const NOT_ALNUM = /[^a-z0-9]+/;

/** The normalized words of a text; plain ASCII (most subtitle text) is split without Unicode work. */
function wordsOf(text: string): string[] {
  if (!isPlainAscii(text)) return wordSpans(text).map((s) => s.word);
  return text.toLowerCase().split(NOT_ALNUM).filter(Boolean);
}

/** Which query groups each word of a text matches; compiled once per query, used on thousands of lines. */
export class GroupMatcher {
  private readonly exact = new Map<string, number[]>();
  private readonly prefixes: [string, number][] = [];

  constructor(readonly groups: TermGroup[]) {
    groups.forEach((g, i) => {
      for (const term of g.terms) this.exact.set(term, [...(this.exact.get(term) ?? []), i]);
      if (g.prefix) this.prefixes.push([g.prefix, i]);
    });
  }

  /** For each word of the text, the groups it matches (as typed, a typo variant, or by prefix). */
  hits(text: string): number[][] {
    return wordsOf(text).map((word) => {
      const exact = this.exact.get(word);
      if (this.prefixes.length === 0) return exact ?? [];
      const byPrefix = this.prefixes.filter(([p]) => word.startsWith(p)).map(([, i]) => i);
      return exact ? [...exact, ...byPrefix] : byPrefix;
    });
  }

  /** Whether every group matches some word of the text, as the index would have matched it. */
  containsAll(text: string): boolean {
    if (this.groups.length === 0) return true;
    const found = new Set<number>();
    for (const groups of this.hits(text)) for (const g of groups) found.add(g);
    return found.size === this.groups.length;
  }

  /**
   * Cover-density score, computed here instead of by FTS5's bm25: bm25 counts the rows of every query
   * word to weigh it, a scan of millions of postings for a word like "you" on each query. This needs only
   * the text, and like PostgreSQL's ts_rank_cd it rewards the query words standing close together: each
   * shortest stretch holding every word adds 1 / (its length − word count + 1), so the exact phrase scores
   * 1 per occurrence.
   */
  coverDensity(text: string): number {
    const total = this.groups.length;
    if (total === 0) return 0;
    const hits = this.hits(text);
    const seen = new Array<number>(total).fill(0);
    let covered = 0;
    let score = 0;
    let start = 0;
    for (let end = 0; end < hits.length; end++) {
      for (const g of hits[end]!) if (seen[g]!++ === 0) covered++;
      if (covered < total) continue;
      // shrink from the left while every group stays covered: [start, end] is a shortest cover ending here
      while (hits[start]!.every((g) => seen[g]! > 1)) {
        for (const g of hits[start]!) seen[g]!--;
        start++;
      }
      // one word can match two groups ("the … the"), so a cover may be shorter than the group count
      score += 1 / Math.max(1, end - start + 1 - total + 1);
      for (const g of hits[start]!) if (--seen[g]! === 0) covered--;
      start++;
    }
    return score;
  }
}

/** One page of candidates ranked by cover density, best first, ties in index order. */
export function rankPage<T extends { rid: number; text: string }>(
  candidates: T[],
  matcher: GroupMatcher,
  page: PageSpec,
): { rid: number; score: number }[] {
  return candidates
    .map((c) => ({ rid: c.rid, score: matcher.coverDensity(c.text) }))
    .sort((a, b) => b.score - a.score || a.rid - b.rid)
    .slice(page.offset, page.offset + page.limit);
}
