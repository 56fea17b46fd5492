import type { TestProject } from 'vitest/node';
import { assertChromium } from './browser.ts';
import { adminToken } from './api.ts';
import { importLongVideo } from './library.ts';
import { ADMIN, providerFailuresFile, startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** API token of the admin, for seeding through the API (DESIGN §8: e2e uses the UI only for what it tests). */
    adminToken: string;
    /** where a spec writes {"<video id>": "<yt-dlp error text>"} to make the fake provider fail a video */
    providerFailuresFile: string;
    /** the server's TK_DATA_DIR, for specs that put files in its import folder */
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  assertChromium();
  const server = await startServer();
  project.provide('baseURL', server.baseURL);
  project.provide('providerFailuresFile', providerFailuresFile(server.dataDir));
  project.provide('dataDir', server.dataDir);
  try {
    const token = await adminToken(server.baseURL, ADMIN);
    project.provide('adminToken', token);
    await importLongVideo(server.baseURL, token, server.dataDir);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return () => server.stop();
}
