import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { textHeights } from '../../test/layout.ts';
import { ExpandableText } from './expandable-text.tsx';

test('a text taller than its box gets Show more, which expands it and turns into Show less', async () => {
  textHeights({ scroll: 400, client: 120 });
  const { container } = render(<ExpandableText>{'A line\n'.repeat(20)}</ExpandableText>);
  const more = screen.getByRole('button', { name: 'Show more' });
  expect(more.getAttribute('aria-expanded')).toBe('false');
  await userEvent.setup().click(more);
  const less = screen.getByRole('button', { name: 'Show less' });
  expect(less.getAttribute('aria-expanded')).toBe('true');
  expect(container.querySelector('.expandable-text.expanded')).not.toBeNull();
  await userEvent.setup().click(less);
  expect(screen.getByRole('button', { name: 'Show more' })).toBeTruthy();
});

test('a text that fits its box gets no button', () => {
  textHeights({ scroll: 40, client: 40 });
  render(<ExpandableText>One short line</ExpandableText>);
  expect(screen.getByText('One short line')).toBeTruthy();
  expect(screen.queryByRole('button')).toBeNull();
});
