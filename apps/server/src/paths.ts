import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (apps/server), found from this module's own place, whether it runs from its
 * source (src/paths.ts, through tsx) or bundled into dist/main.mjs: paths to the repository's folders are
 * taken from here rather than from how deep the file that needs them happens to sit.
 */
function serverRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (
      fs.existsSync(manifest) &&
      JSON.parse(fs.readFileSync(manifest, 'utf8')).name === '@tubekeeper/server'
    ) {
      return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`no @tubekeeper/server package folder above ${from}`);
  }
}

export const SERVER_ROOT = serverRoot(import.meta.dirname);
/** The repository (or unpacked release) holding apps/, docs/ and the demo data folder. */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
