import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@tubekeeper/contract';
import { describe, expect, test } from 'vitest';
import { json, mockApi, noContent, sessionRoutes } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';

const running = (changes: Partial<Notification> = {}): Notification => ({
  id: 'task-1',
  title: 'Downloading',
  group: 'download:run',
  level: 'info',
  messages: ['Processing Video: A birdhouse', ' 42.0% of 1.00MiB at 500.00KiB/s - time left: 00:01'],
  progress: 0.42,
  api_start: true,
  api_stop: true,
  command: null,
  ...changes,
});

/** Answers the notification polls in turn; the last answer repeats. Records when each poll came. */
function pollAnswers(...answers: Notification[][]) {
  const times: number[] = [];
  return {
    times,
    route: () => {
      times.push(performance.now());
      return json(200, answers[Math.min(times.length - 1, answers.length - 1)]);
    },
  };
}

describe('notifications', () => {
  test('shows title, messages and progress, polls every 500 ms and stops when the list is empty', async () => {
    const polls = pollAnswers([running()], [running({ progress: 0.8 })], []);
    mockApi({ ...sessionRoutes(), 'GET /api/notification/': polls.route });
    renderApp('/');

    const item = await screen.findByTestId('notification');
    expect(within(item).getByRole('heading', { name: 'Downloading' })).toBeTruthy();
    expect(within(item).getByText('Processing Video: A birdhouse')).toBeTruthy();
    expect(within(item).getByText(/42\.0% of 1\.00MiB at 500\.00KiB\/s - time left: 00:01/)).toBeTruthy();
    expect(within(item).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42');
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('80'), {
      timeout: 2000,
    });
    await waitFor(() => expect(screen.queryByTestId('notification')).toBeNull(), { timeout: 2000 });
    expect(polls.times).toHaveLength(3);
    for (let i = 1; i < polls.times.length; i += 1) {
      expect(polls.times[i]! - polls.times[i - 1]!).toBeGreaterThanOrEqual(450);
    }

    // nothing runs any more: no further polls
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(polls.times).toHaveLength(3);
  });

  test('staff stop a task with the stop button, which hides once the command is stop', async () => {
    const polls = pollAnswers([running()], [running()], [running({ command: 'STOP' })]);
    const api = mockApi({
      ...sessionRoutes({ is_staff: true }),
      'GET /api/notification/': polls.route,
      'POST /api/task/by-id/task-1/': noContent,
    });
    renderApp('/');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Stop' }));
    expect(api.callsTo('POST', '/api/task/by-id/task-1/').map((c) => c.body)).toEqual([{ command: 'stop' }]);
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    await waitFor(() => expect(polls.times.length).toBeGreaterThanOrEqual(3), { timeout: 2000 });
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    expect(screen.getByTestId('notification')).toBeTruthy();
  });

  test('offers no stop button to regular users or for tasks that cannot be stopped', async () => {
    mockApi({
      ...sessionRoutes({ is_staff: true }),
      'GET /api/notification/': () =>
        json(200, [running({ id: 'task-2', title: 'Reindex Documents', api_stop: false })]),
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Reindex Documents' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
  });

  test('a regular user sees the notification without the stop button', async () => {
    mockApi({ ...sessionRoutes(), 'GET /api/notification/': () => json(200, [running()]) });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Downloading' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
  });

  test('polling starts again after a change made on the page', async () => {
    const polls = pollAnswers([], [running({ title: 'Rescan your Subscriptions' })]);
    mockApi({ ...sessionRoutes({ is_staff: true }), 'GET /api/notification/': polls.route });
    renderApp('/');
    await waitFor(() => expect(polls.times).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(polls.times).toHaveLength(1);

    // any successful change (starting a task is one) looks at the notifications again
    await userEvent.setup().click(await screen.findByRole('switch', { name: 'Show unwatched only' }));
    expect(await screen.findByRole('heading', { name: 'Rescan your Subscriptions' })).toBeTruthy();
  });
});
