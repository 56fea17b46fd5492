import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { json, mockApi, sessionRoutes } from '../../../test/api-mock.ts';
import { listOf } from '../../../test/archive-fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

function routes(staff: boolean) {
  return {
    ...sessionRoutes({ is_staff: staff }),
    'GET /api/channel/?*': () => json(200, listOf([])),
    'GET /api/playlist/?*': () => json(200, listOf([])),
    'POST /api/channel/': (call: { body: unknown }) =>
      json(200, { ...(call.body as object), task_id: 'sub-1' }),
    'GET /api/task/by-id/sub-1/': () =>
      json(200, {
        task_id: 'sub-1',
        name: 'subscribe_to',
        status: 'SUCCESS',
        result: 'Subscribed to 1 channel. Failed 1: nope!: not a valid id_str',
        traceback: null,
        date_done: '2024-01-01T00:00:00Z',
        kwargs: {},
      }),
  };
}

describe('Subscribe forms', () => {
  test('staff subscribe several lines as one batch and see each failed line', async () => {
    const api = mockApi(routes(true));
    renderApp('/channel/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Subscribe to channels' }));
    await user.type(screen.getByLabelText('Subscribe to channels'), '@fakealpha{enter}nope!{enter}');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/channel/')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/channel/')[0]!.body).toEqual({
      data: [
        { channel_id: '@fakealpha', channel_subscribed: true },
        { channel_id: 'nope!', channel_subscribed: true },
      ],
    });
    expect(await screen.findByText(/Failed 1: nope!: not a valid id_str/)).toBeTruthy();
  });

  test('only staff see them', async () => {
    mockApi(routes(false));
    renderApp('/playlist/');
    await screen.findByRole('heading', { name: 'Playlists' });
    expect(screen.queryByRole('button', { name: 'Subscribe to playlists' })).toBeNull();
  });
});
