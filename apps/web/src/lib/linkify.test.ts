import { describe, expect, test } from 'vitest';
import { splitText } from './linkify.ts';

describe('splitText', () => {
  test('finds http and https links and leaves the rest as text', () => {
    expect(splitText('See https://example.com/a?b=1 and http://x.org.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.org', href: 'http://x.org' },
      { kind: 'text', text: '.' },
    ]);
  });

  test('keeps a closing parenthesis that belongs to the URL', () => {
    const parts = splitText('(see https://en.wikipedia.org/wiki/Alien_(film))');
    expect(parts[1]).toEqual({
      kind: 'link',
      text: 'https://en.wikipedia.org/wiki/Alien_(film)',
      href: 'https://en.wikipedia.org/wiki/Alien_(film)',
    });
  });

  test('never makes a link of other schemes or of markup', () => {
    const text = 'javascript:alert(1) <a href="javascript:alert(1)">x</a> <img src=x onerror=alert(1)>';
    expect(splitText(text)).toEqual([{ kind: 'text', text }]);
  });

  test('finds timestamps only when asked', () => {
    expect(splitText('Intro 0:00, part two at 1:02:03')).toHaveLength(1);
    expect(splitText('Intro 0:00, part two at 1:02:03 not 1:99', { timestamps: true })).toEqual([
      { kind: 'text', text: 'Intro ' },
      { kind: 'timestamp', text: '0:00', seconds: 0 },
      { kind: 'text', text: ', part two at ' },
      { kind: 'timestamp', text: '1:02:03', seconds: 3723 },
      { kind: 'text', text: ' not 1:99' },
    ]);
  });
});
