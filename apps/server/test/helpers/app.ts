import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type TubekeeperApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createContainer, type Container, type ContainerOptions } from '../../src/container.ts';
import type { Engine } from '../../src/db/dialect.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface TestApp {
  app: TubekeeperApp;
  container: Container;
  database: TestDatabase;
  close(): Promise<void>;
}

export async function createTestApp(
  engine: Engine,
  env: Record<string, string> = {},
  /** or made from the test's database (e.g. read threads on its file) */
  options: ContainerOptions | ((database: TestDatabase) => ContainerOptions) = {},
): Promise<TestApp> {
  const database = await createTestDatabase(engine);
  // a stand-in for the built web app, so the SPA fallback serves a page as in production
  fs.mkdirSync(path.join(database.dataDir, 'web'), { recursive: true });
  fs.writeFileSync(path.join(database.dataDir, 'web', 'index.html'), '<!doctype html><div id="root"></div>');
  const config = loadConfig({
    TK_DATA_DIR: database.dataDir,
    TK_WEB_DIR: path.join(database.dataDir, 'web'),
    ...env,
  });
  const container = createContainer(
    config,
    database,
    typeof options === 'function' ? options(database) : options,
  );
  const app = await buildApp(container);
  return {
    app,
    container,
    database,
    close: async () => {
      await app.close();
      await database.cleanup();
    },
  };
}

export interface UserSpec {
  username: string;
  password?: string;
  staff?: boolean;
  superuser?: boolean;
}

export async function createUser(t: TestApp, spec: UserSpec) {
  return t.container.userAdmin.create({
    username: spec.username,
    password: spec.password ?? 'correct horse battery',
    is_staff: spec.staff ?? false,
    is_superuser: spec.superuser ?? false,
  });
}

/** A signed-in browser: keeps cookies and sends X-CSRFToken like the web app does. */
export class Client {
  cookies = new Map<string, string>();

  constructor(private readonly app: TubekeeperApp) {}

  async request(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const { csrf = true, ...rest } = options;
    const headers: Record<string, string> = { ...(rest.headers as Record<string, string> | undefined) };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const token = this.cookies.get('csrftoken');
    if (csrf && token) headers['x-csrftoken'] = token;
    const response = await this.app.inject({ ...rest, headers });
    for (const cookie of response.cookies) {
      if (cookie.value === '' || (cookie.maxAge !== undefined && cookie.maxAge <= 0))
        this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  async login(username: string, password = 'correct horse battery', rememberMe = 'off') {
    return this.request({
      method: 'POST',
      url: '/api/user/login/',
      payload: { username, password, remember_me: rememberMe },
    });
  }
}

/** A session row made directly, for tests that need many signed-in clients without paying for scrypt. */
export async function sessionClient(t: TestApp, userId: number): Promise<Client> {
  const key = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(key).digest('hex');
  await t.container.repositories.sessions.insert(hash, userId, Date.now(), Date.now() + 60_000);
  const client = new Client(t.app);
  client.cookies.set('sessionid', key);
  client.cookies.set('csrftoken', randomBytes(16).toString('hex'));
  return client;
}
