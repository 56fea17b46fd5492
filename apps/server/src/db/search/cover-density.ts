import type { TermGroup } from './search-index.ts';
import { isPlainAscii, wordSpans } from './search-text.ts';

const NONE: number[] = [];

/** A word of a text that matches query groups, at its word position in the text. */
interface Hit {
  at: number;
  groups: number[];
}

/** Which query groups the words of a text match; compiled once per query, used on every candidate line. */
export class GroupMatcher {
  private readonly exact = new Map<string, number[]>();
  private readonly prefixes: [string, number][] = [];
  /** First letters of the query words: a word of a line starting otherwise is skipped without a lookup. */
  private readonly firstLetters = new Set<number>();

  /** The phrase as one expression over lowercased ASCII text, when every word is one plain ASCII spelling. */
  private readonly asciiPhrase: RegExp | undefined;

  constructor(readonly groups: TermGroup[]) {
    groups.forEach((g, i) => {
      for (const term of g.terms) this.exact.set(term, [...(this.exact.get(term) ?? []), i]);
      if (g.prefix) this.prefixes.push([g.prefix, i]);
    });
    for (const term of [...this.exact.keys(), ...this.prefixes.map(([p]) => p)]) {
      this.firstLetters.add(term.charCodeAt(0));
    }
    const words = groups.map((g) => (g.terms.length === 1 && !g.prefix ? g.terms[0]! : (g.prefix ?? '')));
    const plain = groups.every(
      (g, i) => g.terms.length + (g.prefix ? 1 : 0) === 1 && /^[a-z0-9]+$/.test(words[i]!),
    );
    const tail = groups.at(-1)?.prefix ? '[a-z0-9]*' : '';
    this.asciiPhrase =
      plain && words.length > 0
        ? new RegExp(`(?<![a-z0-9])${words.join('[^a-z0-9]+')}${tail}(?![a-z0-9])`)
        : undefined;
  }

  /** The words of the text that match a group (as typed, a typo variant, or by prefix), in text order. */
  hits(text: string): Hit[] {
    const found: Hit[] = [];
    const add = (word: string, at: number) => {
      const groups = this.groupsOf(word);
      if (groups.length > 0) found.push({ at, groups });
    };
    // plain ASCII (most subtitle text) is split without Unicode work: ranking reads a hundred lines a query
    if (isPlainAscii(text)) {
      // a character loop: no match objects for the ~30 words of a line, most of which match nothing
      const lower = text.toLowerCase();
      let at = 0;
      let start = -1;
      for (let i = 0; i <= lower.length; i++) {
        const c = i < lower.length ? lower.charCodeAt(i) : 0;
        const inWord = (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
        if (inWord && start < 0) start = i;
        else if (!inWord && start >= 0) {
          if (this.firstLetters.has(lower.charCodeAt(start))) add(lower.slice(start, i), at);
          at++;
          start = -1;
        }
      }
    } else {
      wordSpans(text).forEach((span, at) => add(span.word, at));
    }
    return found;
  }

  private groupsOf(word: string): number[] {
    const exact = this.exact.get(word) ?? NONE;
    let found = exact;
    for (const [prefix, group] of this.prefixes) {
      // copied only when a prefix matches too: most words match nothing
      if (word.startsWith(prefix)) found = found === exact ? [...exact, group] : [...found, group];
    }
    return found;
  }

  /** Whether the text holds the query words next to each other, in order: the phrase. */
  hasPhrase(text: string): boolean {
    if (this.asciiPhrase && isPlainAscii(text)) return this.asciiPhrase.test(text.toLowerCase());
    const total = this.groups.length;
    const hits = this.hits(text);
    const byPosition = new Map(hits.map((h) => [h.at, h.groups]));
    return hits.some(
      (h) =>
        h.groups.includes(0) &&
        Array.from({ length: total - 1 }, (_, k) => k + 1).every((k) =>
          byPosition.get(h.at + k)?.includes(k),
        ),
    );
  }

  /**
   * Cover-density score, computed here instead of by FTS5's bm25: bm25 counts the rows of every query
   * word to weigh it, a scan of millions of postings for a word like "you" on each query. This needs only
   * the text, and like PostgreSQL's ts_rank_cd it rewards the query words standing close together: each
   * shortest stretch holding every word adds 1 / (its length − word count + 1), so the exact phrase scores
   * 1 per occurrence.
   */
  coverDensity(text: string): number {
    return this.densityOf(this.hits(text));
  }

  /**
   * A line's relevance: one holding every query word scores 1 + its cover density; one missing a word (a
   * common word does not filter, sqlite-fulltext.ts) scores the share of the words it holds, so below.
   */
  relevance(text: string): number {
    const hits = this.hits(text);
    const density = this.densityOf(hits);
    if (density > 0) return 1 + density;
    return new Set(hits.flatMap((h) => h.groups)).size / Math.max(1, this.groups.length);
  }

  private densityOf(hits: Hit[]): number {
    const total = this.groups.length;
    if (total === 0) return 0;
    const seen = new Array<number>(total).fill(0);
    let covered = 0;
    let score = 0;
    let start = 0;
    for (let end = 0; end < hits.length; end++) {
      for (const g of hits[end]!.groups) if (seen[g]!++ === 0) covered++;
      if (covered < total) continue;
      // shrink from the left while every group stays covered: [start, end] is a shortest cover ending here
      while (hits[start]!.groups.every((g) => seen[g]! > 1)) {
        for (const g of hits[start]!.groups) seen[g]!--;
        start++;
      }
      // one word can match two groups ("the … the"), so a cover may be shorter than the group count
      const length = hits[end]!.at - hits[start]!.at + 1;
      score += 1 / Math.max(1, length - total + 1);
      for (const g of hits[start]!.groups) if (--seen[g]! === 0) covered--;
      start++;
    }
    return score;
  }
}

/** Candidates ranked by relevance, best first, ties in index order. */
export function rankBlock(
  candidates: { rid: number; text: string }[],
  matcher: GroupMatcher,
): { rid: number; score: number }[] {
  return candidates
    .map((c) => ({ rid: c.rid, score: matcher.relevance(c.text) }))
    .sort((a, b) => b.score - a.score || a.rid - b.rid);
}
