import { describe, expect, it } from 'vitest';
import { GroupMatcher } from '../../src/db/search/cover-density.ts';
import { ftsExpression, pairTerms } from '../../src/db/search/fts5-query.ts';
import {
  editDistanceWithin,
  editVariants,
  normalizeWord,
  queryWords,
  probedWords,
  wordPairs,
} from '../../src/db/search/search-text.ts';
import { tsqueryExpression, tsqueryPhrase } from '../../src/db/search/tsquery.ts';
import { HIGHLIGHT_OPEN, highlight } from '../../src/services/search/highlight.ts';

describe('search text rules', () => {
  it('splits queries into normalized words, dropping operators and punctuation', () => {
    expect(queryWords('Ébène NEAR("x" -y) AND café*^2 ü:ber')).toEqual([
      'ebene',
      'near',
      'x',
      'y',
      'and',
      'cafe',
      '2',
      'u',
      'ber',
    ]);
    expect(queryWords('🎉 ¿¡ ')).toEqual([]);
    expect(normalizeWord('SCHÖNES')).toBe('schones');
  });

  it('measures edits with swaps counting as one, and gives up past the limit', () => {
    expect(editDistanceWithin('neapolitan', 'naepolitan', 1)).toBe(1);
    expect(editDistanceWithin('neapolitan', 'eapolitan', 1)).toBe(1);
    expect(editDistanceWithin('kitten', 'sitting', 2)).toBe(3);
    expect(editDistanceWithin('same', 'same', 0)).toBe(0);
  });

  it('generates every one-edit spelling, including a changed first letter', () => {
    const variants = editVariants('house', 1);
    for (const v of ['mouse', 'ouse', 'hhouse', 'hosue', 'houses', 'huose'])
      expect(variants.has(v)).toBe(true);
    expect(variants.has('house')).toBe(false);
    expect(editVariants('neapolitan', 2).has('neapolotam')).toBe(true);
  });

  it('quotes every term in index queries so user text is never syntax', () => {
    const groups = [{ terms: ['a"b', 'and'] }, { terms: [], prefix: "o'k" }];
    expect(ftsExpression(groups, ['title'])).toBe('{title} : (("a""b" OR "and") AND "o\'k"*)');
    expect(tsqueryExpression(groups, 'A')).toBe("('a\"b':A | 'and':A) & 'o''k':*A");
  });

  it('makes word pairs for the phrase index and phrase queries over them', () => {
    expect(wordPairs('The rocket, and Ébène!')).toBe('the_rocket rocket_and and_ebene');
    expect(wordPairs('one')).toBe('');
    // the word list of the typo probes: each word once, as the index has it, none a probe cannot look for
    expect(probedWords('The rocket, the ROCKET and Ébène: go to it!')).toEqual([
      'the',
      'rocket',
      'and',
      'ebene',
    ]);
    // a word still being typed makes no pair (no prefix index for pairs), unless no other pair is left
    expect(pairTerms([{ terms: ['you'] }, { terms: ['know'] }, { terms: [], prefix: 'wh' }])).toEqual([
      '"you_know"',
    ]);
    expect(pairTerms([{ terms: ['you'] }, { terms: [], prefix: 'know' }])).toEqual(['"you_know"']);
    // one word, or a word widened to typo variants, is not a phrase
    expect(pairTerms([{ terms: ['you'] }])).toBeUndefined();
    expect(pairTerms([{ terms: ['you', 'yuo'] }, { terms: ['know'] }])).toBeUndefined();
    const matcher = new GroupMatcher([{ terms: ['you'] }, { terms: ['know'] }, { terms: [], prefix: 'wh' }]);
    expect(matcher.hasPhrase('Do you know what?')).toBe(true);
    expect(matcher.hasPhrase('know you what')).toBe(false);
    expect(matcher.hasPhrase('you know, then what')).toBe(false);
    // the same phrase for PostgreSQL
    expect(tsqueryPhrase([{ terms: ['you'] }, { terms: ['know'] }, { terms: [], prefix: 'wh' }])).toBe(
      "'you' <-> 'know' <-> 'wh':*",
    );
    expect(tsqueryPhrase([{ terms: ['you', 'yuo'] }, { terms: ['know'] }])).toBeUndefined();
  });

  it('ranks lines with the words close together above lines with them far apart', () => {
    const matcher = new GroupMatcher([{ terms: ['golden'] }, { terms: ['brown'] }]);
    const close = matcher.coverDensity('a golden brown crust');
    const far = matcher.coverDensity('golden is the sun and the bread is brown');
    expect(close).toBe(1);
    expect(far).toBeGreaterThan(0);
    expect(close).toBeGreaterThan(far);
    // a line missing a word (a common word does not filter) ranks below every line holding them all
    expect(matcher.relevance('golden only')).toBe(0.5);
    expect(matcher.relevance('golden is the sun and the bread is brown')).toBeGreaterThan(1);
    // one word matching a repeated query word still gives a finite score
    expect(new GroupMatcher([{ terms: ['the'] }, { terms: ['the'] }]).coverDensity('the end')).toBe(1);
  });

  it('highlights typo variants and prefixes and escapes the text', () => {
    expect(
      highlight('Beautiful <i>bread</i>', [
        { terms: ['beautifull', 'beautiful'] },
        { terms: [], prefix: 'bre' },
      ]),
    ).toBe(
      '<span class="settings-current">Beautiful</span> &lt;i&gt;<span class="settings-current">bread</span>&lt;/i&gt;',
    );
  });

  it.each([
    ['The 2 BREAD-makers baked bread & "Bred" rolls', [{ terms: ['bread'] }, { terms: [], prefix: 'ro' }], 3],
    ["Tom's 42nd roll: <b>rolled</b> at 4pm", [{ terms: ['42nd', 's'] }, { terms: [], prefix: 'rol' }], 4],
    ['no match here at all', [{ terms: ['bread'] }], 0],
    ['Bread', [{ terms: ['bread'] }], 1],
  ])('marks the same words in plain ASCII as in any other text: %s', (text, groups, marked) => {
    const ascii = highlight(text, groups);
    expect(ascii.split(HIGHLIGHT_OPEN).length - 1).toBe(marked);
    expect(ascii).not.toMatch(/<(?!\/?span)/); // the text's own markup is escaped
    // a trailing "é" sends the same words down the Unicode path
    expect(highlight(`${text} é`, groups)).toBe(`${ascii} é`);
  });
});
