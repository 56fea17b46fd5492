// The web entry bundle (DESIGN.md §9: ≤ 200 KB gzip): what a browser fetches before the first screen, i.e.
// every script, module preload and stylesheet index.html names, each gzipped at zlib's default level (6,
// what a reverse proxy's gzip gives at its usual settings), beside the chunks loaded later on demand
// (the dashboard's chart). Reads the web build, which `npm run bench:bundle` makes first. Prints one JSON
// line.
//
// Run: npm run bench:bundle -w @tubekeeper/bench
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

/** The files index.html makes the browser fetch at once: scripts, module preloads and stylesheets. */
const entry = [...index.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/([^"]+\.(?:js|css))"/g)].map(
  (match) => match[1]!,
);
if (entry.length === 0) throw new Error('index.html names no script: build the web app first');

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const sizes = (file: string) => {
  const body = fs.readFileSync(path.join(dist, file));
  return { file, raw_kb: kb(body.length), gzip_kb: kb(zlib.gzipSync(body).length) };
};

const entryFiles = entry.map(sizes);
const later = fs
  .readdirSync(path.join(dist, 'assets'))
  .map((name) => `assets/${name}`)
  .filter((file) => /\.(js|css)$/.test(file) && !entry.includes(file))
  .map(sizes);
const entryGzip = kb(entryFiles.reduce((sum, f) => sum + f.gzip_kb * 1024, 0));

console.log(
  JSON.stringify({
    bench: 'bundle',
    entry_gzip_kb: entryGzip,
    entry: entryFiles,
    loaded_on_demand: later,
    budget_entry_gzip_kb: 200,
  }),
);
