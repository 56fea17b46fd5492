/**
 * Text rules shared by both search engines and the highlighter: how a text becomes words, and which words
 * are one or two typos away. They mirror the index tokenizers (SQLite unicode61 remove_diacritics 2,
 * PostgreSQL's parser behind `unaccent`): a word is a run of letters and digits, compared without case and
 * without diacritics.
 */

/** Longest word we search for; longer runs (pasted hashes, URLs) are cut, not refused. */
export const MAX_WORD_LENGTH = 64;
/** Words used from one query; the rest is ignored so a pasted page cannot build a huge index query. */
export const MAX_QUERY_WORDS = 16;
/** Typo tolerance starts at this word length (issue 6: "a word of five or more letters"). */
export const MIN_FUZZY_LENGTH = 5;

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const MARKS = /\p{M}+/gu;

const NOT_PLAIN_ASCII = /[^\t\n\r -~]/;

/** Printable ASCII text, which needs no Unicode normalization to be split into words. */
export const isPlainAscii = (text: string) => !NOT_PLAIN_ASCII.test(text);

/** Lowercase, decomposed, diacritics removed: "Ébène" → "ebene". */
export function normalizeWord(word: string): string {
  // most words are ASCII, and Unicode normalization is the costly part of ranking thousands of lines
  if (isPlainAscii(word)) return word.toLowerCase();
  return word.normalize('NFD').replace(MARKS, '').toLowerCase().normalize('NFC');
}

/** The searchable words of a query, normalized, in order, at most MAX_QUERY_WORDS. */
export function queryWords(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = normalizeWord(match[0]).slice(0, MAX_WORD_LENGTH);
    if (word) words.push(word);
    if (words.length === MAX_QUERY_WORDS) break;
  }
  return words;
}

export interface WordSpan {
  start: number;
  end: number;
  word: string;
}

const ASCII_WORD = /[A-Za-z0-9]+/g;

/** Every word of a text with its position in the original string (for highlighting). */
export function wordSpans(text: string): WordSpan[] {
  const spans: WordSpan[] = [];
  // plain ASCII (most text) has the same words without Unicode classes or normalization
  if (isPlainAscii(text)) {
    for (const match of text.matchAll(ASCII_WORD)) {
      spans.push({ start: match.index, end: match.index + match[0].length, word: match[0].toLowerCase() });
    }
    return spans;
  }
  for (const match of text.matchAll(WORD)) {
    spans.push({ start: match.index, end: match.index + match[0].length, word: normalizeWord(match[0]) });
  }
  return spans;
}

/**
 * Optimal-string-alignment distance (substitution, insertion, deletion, adjacent transposition) of at most
 * `max`, or `max + 1` as soon as it is certain to be larger: a band of width 2·max around the diagonal.
 */
export function editDistanceWithin(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const width = b.length + 1;
  let before = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_, j) => j);
  let current = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, max + 1);
}

const LATIN = 'abcdefghijklmnopqrstuvwxyz';
const CYRILLIC = 'абвгдеёжзийклмнопрстуфхцчшщъыьэюяієїґ';
const GREEK = 'αβγδεζηθικλμνξοπρστυφχψω';

/** Letters a typo may have put in or replaced: Latin, the word's own script, and the word's own letters. */
function typoAlphabet(word: string): string[] {
  let letters = LATIN + word;
  if (/\p{Script=Cyrillic}/u.test(word)) letters += CYRILLIC;
  if (/\p{Script=Greek}/u.test(word)) letters += GREEK;
  return [...new Set(letters)];
}

const QWERTY = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
/** Keys next to a letter on a QWERTY keyboard (same row and the rows above and below). */
const NEIGHBOUR_KEYS = new Map<string, string>();
QWERTY.forEach((row, r) => {
  [...row].forEach((key, c) => {
    const near = [-1, 0, 1].flatMap((dr) => [-1, 0, 1].map((dc) => QWERTY[r + dr]?.[c + dc]));
    NEIGHBOUR_KEYS.set(key, [...new Set(near.filter((k): k is string => !!k && k !== key))].join(''));
  });
});

type LettersAt = (chars: string[], i: number) => Iterable<string>;

/** Strings one substitution, insertion, deletion or adjacent transposition away, letters chosen by `lettersAt`. */
function edits(word: string, lettersAt: LettersAt, out: Set<string>): void {
  const chars = [...word];
  for (let i = 0; i <= chars.length; i++) {
    const head = chars.slice(0, i).join('');
    const tail = chars.slice(i).join('');
    for (const c of lettersAt(chars, i)) out.add(head + c + tail);
    if (i === chars.length) continue;
    const rest = chars.slice(i + 1).join('');
    out.add(head + rest);
    for (const c of lettersAt(chars, i)) if (c !== chars[i]) out.add(head + c + rest);
    if (i + 1 < chars.length) out.add(head + chars[i + 1] + chars[i] + chars.slice(i + 2).join(''));
  }
}

/** Near keys of the letters around position i, or the word's own letters outside a-z. */
const nearKeys: LettersAt = (chars, i) => {
  const keys = [chars[i - 1], chars[i]].flatMap((c) => (c ? [NEIGHBOUR_KEYS.get(c) ?? chars.join('')] : []));
  return new Set(keys.join(''));
};

/** Every string one edit away from `word` (the word itself excluded). */
export function oneEditVariants(word: string): Set<string> {
  const alphabet = typoAlphabet(word);
  const out = new Set<string>();
  edits(word, () => alphabet, out);
  out.delete(word);
  return out;
}

/**
 * Candidate spellings within `distance` edits of `word`, the word itself excluded. One edit: every letter.
 * Two edits would be ~10⁵ strings for a long word, too many to look up, so the two-edit candidates are
 * limited to typing slips: deletions, swaps, and letters of neighbouring keys (plus every one-edit string).
 */
export function editVariants(word: string, distance: 1 | 2): Set<string> {
  const all = oneEditVariants(word);
  if (distance === 1) return all;
  const slips = new Set<string>();
  edits(word, nearKeys, slips);
  for (const first of slips) edits(first, nearKeys, all);
  all.delete(word);
  return all;
}

/** Joins the two words of a word pair; never part of a word, and a word character for the pairs index. */
export const PAIR_JOINER = '_';

/**
 * The shortest word a typo probe can look for: two edits (the most `editVariants` makes) from a word of
 * MIN_FUZZY_LENGTH letters.
 */
export const MIN_VARIANT_LENGTH = MIN_FUZZY_LENGTH - 2;

/**
 * The distinct words of a text that a typo probe can look for (MIN_VARIANT_LENGTH letters or more), as the
 * index has them: the word list of the subtitle lines (SQLite migration 0042, `tk_probed_words`).
 */
export function probedWords(text: string): string[] {
  const words = new Set<string>();
  for (const span of wordSpans(text)) {
    if ([...span.word].length >= MIN_VARIANT_LENGTH) words.add(span.word.slice(0, MAX_WORD_LENGTH));
  }
  return [...words];
}

/**
 * Each two neighbouring words of a text as one token ("the rocket and" → "the_rocket rocket_and"), the
 * i-th pair at the i-th position: a phrase query on these finds a phrase of common words through short
 * posting lists (migration 0009, `tk_word_pairs`).
 */
export function wordPairs(text: string): string {
  const words = wordSpans(text).map((s) => s.word.slice(0, MAX_WORD_LENGTH));
  const pairs: string[] = [];
  for (let i = 0; i + 1 < words.length; i++) pairs.push(words[i] + PAIR_JOINER + words[i + 1]);
  return pairs.join(' ');
}
