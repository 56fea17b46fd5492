import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { LinkifiedText } from './linkified-text.tsx';

test('markup in archive text is shown as text, never run or rendered', () => {
  const text =
    'Hi <script>window.hacked = true</script> <img src=x onerror="window.hacked = true"> https://ok.example/';
  const { container } = render(
    <p>
      <LinkifiedText text={text} />
    </p>,
  );
  expect(container.querySelector('script')).toBeNull();
  expect(container.querySelector('img')).toBeNull();
  expect(container.textContent).toBe(text);
  expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  const link = screen.getByRole('link', { name: 'https://ok.example/' });
  expect(link.getAttribute('href')).toBe('https://ok.example/');
  expect(link.getAttribute('rel')).toContain('noopener');
  expect(link.getAttribute('target')).toBe('_blank');
});

test('timestamps become buttons that report the position', async () => {
  const onTimestamp = vi.fn();
  render(<LinkifiedText text="Chapter two at 1:05" onTimestamp={onTimestamp} />);
  await userEvent.setup().click(screen.getByRole('button', { name: '1:05' }));
  expect(onTimestamp).toHaveBeenCalledWith(65);
});
