import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { APP_VERSION } from '@tubekeeper/contract';
import type { Container } from './container.ts';
import { exactWireSerializer, wireCheckOn } from './http/exact-wire.ts';
import authPlugin from './http/plugins/auth.plugin.ts';
import corsPlugin from './http/plugins/cors.plugin.ts';
import errorsPlugin from './http/plugins/errors.plugin.ts';
import jsonBodyPlugin from './http/plugins/json-body.plugin.ts';
import readOnlyPlugin from './http/plugins/read-only.plugin.ts';
import securityHeadersPlugin from './http/plugins/security-headers.plugin.ts';
import { adminUserRoutes } from './http/routes/admin-users.routes.ts';
import { appSettingsRoutes } from './http/routes/appsettings.routes.ts';
import { backupRoutes } from './http/routes/backup.routes.ts';
import { channelRoutes } from './http/routes/channel.routes.ts';
import { commonRoutes } from './http/routes/common.routes.ts';
import { credentialsRoutes } from './http/routes/credentials.routes.ts';
import { downloadRoutes } from './http/routes/download.routes.ts';
import { fileRoutes } from './http/routes/files.routes.ts';
import { membershipRoutes } from './http/routes/membership.routes.ts';
import { playlistRoutes } from './http/routes/playlist.routes.ts';
import { refreshRoutes } from './http/routes/refresh.routes.ts';
import { scheduleRoutes } from './http/routes/schedule.routes.ts';
import { searchRoutes } from './http/routes/search.routes.ts';
import { statsRoutes } from './http/routes/stats.routes.ts';
import { subscriptionHealthRoutes } from './http/routes/subscription-health.routes.ts';
import { subscriptionRoutes } from './http/routes/subscription.routes.ts';
import { taskNotificationRoutes } from './http/routes/task-notification.routes.ts';
import { taskRoutes } from './http/routes/task.routes.ts';
import { userRoutes } from './http/routes/user.routes.ts';
import { videoRoutes } from './http/routes/video.routes.ts';
import { watchedRoutes } from './http/routes/watched.routes.ts';
import { webAppRoutes } from './http/routes/web-app.routes.ts';
import { websubRoutes } from './http/routes/websub.routes.ts';
import type { RoutesModule } from './http/types.ts';

export const API_ROUTES: RoutesModule[] = [
  commonRoutes,
  userRoutes,
  appSettingsRoutes,
  backupRoutes,
  adminUserRoutes,
  fileRoutes,
  videoRoutes,
  channelRoutes,
  playlistRoutes,
  taskRoutes,
  scheduleRoutes,
  taskNotificationRoutes,
  searchRoutes,
  statsRoutes,
  watchedRoutes,
  downloadRoutes,
  subscriptionRoutes,
  credentialsRoutes,
  refreshRoutes,
  membershipRoutes,
  websubRoutes,
  subscriptionHealthRoutes,
];

export interface RegisteredRoute {
  method: string;
  url: string;
  permission: string;
}

/** Builds the HTTP app; `routes` collects every registered route for the permission-matrix test. */
export async function buildApp(container: Container, logger: FastifyServerOptions['logger'] = false) {
  const app = Fastify({
    logger,
    bodyLimit: 5 * 1024 * 1024,
    // forwarded headers only from the configured reverse proxies: anyone else could pick their own address
    // (and escape the sign-in throttle) or host (and pass the TK_HOST and CSRF origin checks)
    trustProxy: container.config.trustedProxies.length > 0 ? container.config.trustedProxies : false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const routes: RegisteredRoute[] = [];
  const exactWire = exactWireSerializer(wireCheckOn());
  app.addHook('onRoute', (route) => {
    if (route.config?.exactWire) route.serializerCompiler = exactWire;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, permission: route.config?.permission ?? 'authenticated' });
    }
  });

  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(readOnlyPlugin, { readOnly: container.readOnly });
  await app.register(fastifyCookie);
  await app.register(corsPlugin, { trustedOrigins: container.config.trustedOrigins });
  await app.register(authPlugin, {
    auth: container.auth,
    recentCredentials: container.recentCredentials,
    allowedHosts: container.config.allowedHosts,
    trustedOrigins: container.config.trustedOrigins,
  });
  await app.register(fastifyStatic, { root: container.config.webDir, serve: false });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Tubekeeper API', version: APP_VERSION } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  for (const module of [...API_ROUTES, webAppRoutes]) module(app, container);
  await app.ready();
  return Object.assign(app, { registeredRoutes: routes });
}

export type TubekeeperApp = Awaited<ReturnType<typeof buildApp>>;
