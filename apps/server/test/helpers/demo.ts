import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const source = (relative: string) => fs.readFileSync(path.join(import.meta.dirname, '../../src', relative));

/**
 * Where test files share rendered demo clips. The folder name hashes the rendering code, so a change to how
 * clips are drawn never reuses old renderings, while test files of one run (and later runs) render only once.
 */
export const DEMO_MEDIA_CACHE = path.join(
  os.tmpdir(),
  `tk-demo-media-${createHash('sha256')
    .update(source('repositories/demo-media.repository.ts'))
    .update(source('demo/demo-render.ts'))
    .digest('hex')
    .slice(0, 12)}`,
);
