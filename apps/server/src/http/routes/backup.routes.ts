import {
  backupFile,
  backupFilenameParams,
  backupList,
  backupRestoreStarted,
  backupStarted,
  errorBody,
  noBody,
  snapshot,
  snapshotCreated,
  snapshotIdParams,
  snapshotList,
  snapshotRestoreStarted,
} from '@tubekeeper/contract';
import type { RoutesModule } from '../types.ts';

const staff = { permission: 'adminOnly' } as const;

/** ZIP backups and snapshots (upstream §1.9, §4.5); both restores run as the restore_backup task. */
export const backupRoutes: RoutesModule = (app, { backups, snapshots }) => {
  app.get('/api/appsettings/backup/', { config: staff, schema: { response: { 200: backupList } } }, () =>
    backups.list(),
  );

  app.post(
    '/api/appsettings/backup/',
    { config: staff, schema: { body: noBody, response: { 200: backupStarted } } },
    () => backups.startBackup(),
  );

  app.get(
    '/api/appsettings/backup/:filename/',
    {
      config: staff,
      schema: { params: backupFilenameParams, response: { 200: backupFile, 404: errorBody } },
    },
    (request) => backups.get(request.params.filename),
  );

  app.post(
    '/api/appsettings/backup/:filename/',
    {
      config: staff,
      schema: {
        params: backupFilenameParams,
        body: noBody,
        response: { 200: backupRestoreStarted, 404: errorBody },
      },
    },
    (request) => backups.startRestore(request.params.filename),
  );

  app.delete(
    '/api/appsettings/backup/:filename/',
    { config: staff, schema: { params: backupFilenameParams } },
    async (request, reply) => {
      backups.remove(request.params.filename);
      return reply.code(204).send();
    },
  );

  app.get('/api/appsettings/snapshot/', { config: staff, schema: { response: { 200: snapshotList } } }, () =>
    snapshots.list(),
  );

  app.post(
    '/api/appsettings/snapshot/',
    { config: staff, schema: { body: noBody, response: { 200: snapshotCreated } } },
    () => snapshots.startCreate(),
  );

  app.get(
    '/api/appsettings/snapshot/:id/',
    { config: staff, schema: { params: snapshotIdParams, response: { 200: snapshot, 404: errorBody } } },
    (request) => snapshots.get(request.params.id),
  );

  app.post(
    '/api/appsettings/snapshot/:id/',
    {
      config: staff,
      schema: {
        params: snapshotIdParams,
        body: noBody,
        response: { 200: snapshotRestoreStarted, 400: errorBody },
      },
    },
    (request) => snapshots.startRestore(request.params.id),
  );

  app.delete(
    '/api/appsettings/snapshot/:id/',
    { config: staff, schema: { params: snapshotIdParams } },
    async (request, reply) => {
      snapshots.remove(request.params.id);
      return reply.code(204).send();
    },
  );
};
