import { describe, expect, it } from 'vitest';
import { parseSearchQuery } from '../../src/services/search/query-parser.ts';

describe('search query language', () => {
  it.each([
    ['learning typescript', { type: 'simple', term: 'learning typescript', fuzzy: 'auto' }],
    ['Video:Cats', { type: 'video', term: 'cats' }],
    ['video: cats', { type: 'video', term: 'cats' }],
    ['video:', { type: 'video', term: '' }],
    [
      'video:cats channel:my great channel active:yes',
      { type: 'video', term: 'cats', channel: 'my great channel', active: true },
    ],
    ['video:cats active:no', { type: 'video', term: 'cats', active: false }],
    [
      'channel:science subscribed:yes active:yes',
      { type: 'channel', term: 'science', subscribed: true, active: true },
    ],
    ['playlist:rust subscribed:no', { type: 'playlist', term: 'rust', subscribed: false }],
    [
      'full:the quick fox lang:de source:auto',
      { type: 'full', term: 'the quick fox', lang: 'de', source: 'auto' },
    ],
    ['full:hello channel:tech talks', { type: 'full', term: 'hello', channel: 'tech talks' }],
    ['comment:great video channel:cooking', { type: 'comment', term: 'great video', channel: 'cooking' }],
  ])('parses %j', (query, expected) => {
    expect(parseSearchQuery(query)).toMatchObject(expected);
  });

  it('keeps a key that the type does not allow as a literal word', () => {
    expect(parseSearchQuery('channel:news lang:en')).toMatchObject({ type: 'channel', term: 'news lang:en' });
    expect(parseSearchQuery('cats active:yes')).toMatchObject({ type: 'simple', term: 'cats active:yes' });
    expect(parseSearchQuery('cats active:yes').active).toBeUndefined();
  });

  it.each([
    ['fuzzy:no', 0],
    ['fuzzy:0', 0],
    ['fuzzy:1', 1],
    ['fuzzy:7', 2],
    ['fuzzy:maybe', 'auto'],
    ['', 'auto'],
  ])('reads %j as fuzziness %j', (keyword, fuzzy) => {
    expect(parseSearchQuery(`video:cats ${keyword}`).fuzzy).toBe(fuzzy);
  });

  it('never throws on odd input', () => {
    for (const query of [
      'a:b:c',
      ':',
      'video',
      'channel:',
      '"quoted words"',
      'NEAR(a b)',
      '*',
      'x'.repeat(10_000),
      '   ',
    ]) {
      expect(() => parseSearchQuery(query)).not.toThrow();
    }
    expect(parseSearchQuery('a:b:c')).toMatchObject({ type: 'simple', term: 'a:b:c' });
    expect(parseSearchQuery('x'.repeat(10_000)).term.length).toBe(500);
  });

  it('ignores an unknown source value', () => {
    expect(parseSearchQuery('full:hi source:robots').source).toBeUndefined();
  });
});
