import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { json, mockApi, sessionRoutes } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';

const BACKUP = {
  filename: 'ta_backup-20240301-auto.zip',
  file_path: '/data/cache/backup/ta_backup-20240301-auto.zip',
  file_size: 1234,
  timestamp: '20240301',
  reason: 'auto',
};

describe('Settings: Actions backups', () => {
  test('says No backups found. when there is none, and starts a backup with its progress text', async () => {
    let backups: (typeof BACKUP)[] = [];
    const api = mockApi({
      ...sessionRoutes({ is_staff: true }),
      'GET /api/appsettings/backup/': () => json(200, backups),
      'POST /api/appsettings/backup/': () => {
        backups = [BACKUP];
        return json(200, { message: 'backup task started', task_id: 't1' });
      },
      'GET /api/task/by-id/t1/': () =>
        json(200, {
          task_id: 't1',
          name: 'run_backup',
          status: 'SUCCESS',
          result: 'Backup written',
          traceback: null,
          date_done: '2024-03-01T00:00:00+00:00',
          kwargs: {},
        }),
    });
    renderApp('/settings/actions/');
    await screen.findByText('No backups found.');
    await userEvent.click(screen.getByRole('button', { name: 'Start backup' }));
    expect(await screen.findByText('Backing up archive')).toBeTruthy();
    const row = (await screen.findByRole('cell', { name: BACKUP.filename })).closest('tr')!;
    expect(within(row).getByText('2024-03-01')).toBeTruthy();
    expect(within(row).getByText('auto')).toBeTruthy();
    expect(screen.queryByText('No backups found.')).toBeNull();
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/appsettings/backup/')).toBe(true);
  });

  test('Restore asks first, then restores that file and shows Restoring from backup', async () => {
    const api = mockApi({
      ...sessionRoutes({ is_staff: true }),
      'GET /api/appsettings/backup/': () => json(200, [BACKUP]),
      [`POST /api/appsettings/backup/${BACKUP.filename}/`]: () =>
        json(200, { message: 'backup restore task started', filename: BACKUP.filename, task_id: 't2' }),
      'GET /api/task/by-id/t2/': () =>
        json(200, {
          task_id: 't2',
          name: 'restore_backup',
          status: 'STARTED',
          result: null,
          traceback: null,
          date_done: null,
          kwargs: {},
        }),
    });
    renderApp('/settings/actions/');
    const row = (await screen.findByRole('cell', { name: BACKUP.filename })).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Restore' }));
    expect(api.calls.some((c) => c.method === 'POST' && c.path.endsWith(`${BACKUP.filename}/`))).toBe(false);
    await userEvent.click(within(row).getByRole('button', { name: 'Confirm' }));
    expect(await within(row).findByText('Restoring from backup')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST' && c.path.endsWith(`${BACKUP.filename}/`))).toBe(true);
  });
});
