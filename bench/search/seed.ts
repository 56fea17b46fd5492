// Seeds an SQLite archive for the search benchmark: channels, videos, playlists and subtitle lines drawn
// from a fixed vocabulary with a seeded PRNG, so every run builds the same library. Base rows go in first
// with the search triggers removed; the FTS indexes are then built in one pass and the triggers restored.
import Database from 'better-sqlite3';
import { SQLITE_REBUILD } from '../../apps/server/src/db/search/sqlite-rebuild.ts';

export interface SeedSize {
  videos: number;
  lines: number;
  channels: number;
}

/** Phrases taken from the seeded library, for the queries of the load phase. */
export interface Samples {
  titles: string[];
  channelNames: string[];
  lines: string[];
}

const log = (message: string) => process.stderr.write(`[search bench] ${message}\n`);

/** mulberry32: small, fast, and the same sequence for the same seed. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// the most frequent English words of speech, in rank order, then invented words from syllables
const COMMON = `the you to and a it of i that in is we this so what be on for just have do like know can with
  not but they are was all if there get right go now my your one me about here up see at out how then
  yeah no think really going want well time okay make look from an good because when people let some
  very more back these other got over into first also where thing which way say could little our`.split(
  /\s+/,
);
const SYLLABLES = `ba be bi bo bu ca ce co cu da de di do du fa fe fi fo ga ge go ha he hi ho ka ke ki ko
  la le li lo lu ma me mi mo mu na ne ni no nu pa pe pi po ra re ri ro ru sa se si so ta te ti to tu va ve
  vi vo za zo ran ten mor lin dar vel sin tor kan mel`.split(/\s+/);

export function buildVocabulary(size: number): string[] {
  const random = prng(42);
  const words = new Set(COMMON);
  while (words.size < size) {
    const count = 2 + Math.floor(random() * 3);
    let word = '';
    for (let i = 0; i < count; i++) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    words.add(word);
  }
  return [...words];
}

/** Zipf-like ranks (log-uniform): a few words everywhere, most words rare, as in speech. */
function wordPicker(vocabulary: string[], random: () => number) {
  const logSize = Math.log(vocabulary.length);
  return () => vocabulary[Math.min(vocabulary.length - 1, Math.floor(Math.exp(random() * logSize)) - 1)]!;
}

function phrase(pick: () => string, random: () => number, min: number, max: number): string {
  const count = min + Math.floor(random() * (max - min + 1));
  const words: string[] = [];
  for (let i = 0; i < count; i++) words.push(pick());
  return words.join(' ');
}

const capitalise = (text: string) =>
  text.replace(/(^|\s)(\p{L})/gu, (_, s: string, c: string) => s + c.toUpperCase());
const BASE_TIME = Date.UTC(2020, 0, 1);

export function seedLibrary(file: string, size: SeedSize): Samples {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -524288');
  const triggers = db
    .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%_search_%'`)
    .all() as { name: string; sql: string }[];
  for (const t of triggers) db.exec(`DROP TRIGGER ${t.name}`);

  const random = prng(7);
  const vocabulary = buildVocabulary(30_000);
  const pick = wordPicker(vocabulary, random);
  // titles and names lean on the rarer words, as real titles do
  const rare = () => vocabulary[200 + Math.floor(random() * (vocabulary.length - 200))]!;
  const samples: Samples = { titles: [], channelNames: [], lines: [] };
  const keep = (list: string[], value: string, every: number, i: number) => {
    if (i % every === 0 && list.length < 2000) list.push(value);
  };

  const insertChannel = db.prepare(`INSERT INTO channels (channel_id, channel_name, channel_subscribed,
    channel_active, channel_last_refresh, channel_description, channel_tags) VALUES (?, ?, ?, 1, ?, ?, ?)`);
  const insertVideo = db.prepare(`INSERT INTO videos (youtube_id, channel_id, title, description, tags,
    published, date_downloaded, vid_last_refresh, media_url, duration) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertPlaylist = db.prepare(`INSERT INTO playlists (playlist_id, playlist_name, playlist_channel,
    playlist_channel_id, playlist_description, playlist_last_refresh) VALUES (?, ?, ?, ?, ?, ?)`);
  const insertLine = db.prepare(`INSERT INTO subtitle_fragments (youtube_id, lang, source, fragment_index,
    start_ms, end_ms, line) VALUES (?, ?, ?, ?, ?, ?, ?)`);

  const channelId = (i: number) => `UC${String(i).padStart(22, '0')}`;
  const videoId = (i: number) => `v${String(i).padStart(10, '0')}`;
  db.transaction(() => {
    for (let c = 0; c < size.channels; c++) {
      const name = capitalise(`${rare()} ${rare()}`);
      keep(samples.channelNames, name, Math.max(1, Math.floor(size.channels / 500)), c);
      const tags = JSON.stringify([rare(), rare()]);
      insertChannel.run(
        channelId(c),
        name,
        c % 3 === 0 ? 1 : 0,
        BASE_TIME,
        phrase(pick, random, 10, 30),
        tags,
      );
    }
  })();
  db.transaction(() => {
    for (let p = 0; p < Math.ceil(size.videos / 50); p++) {
      const name = capitalise(`${rare()} ${pick()} ${rare()}`);
      insertPlaylist.run(
        `PL${String(p).padStart(32, '0')}`,
        name,
        null,
        channelId(p % size.channels),
        phrase(pick, random, 5, 20),
        BASE_TIME,
      );
    }
  })();
  log(`${size.channels} channels, ${Math.ceil(size.videos / 50)} playlists`);

  const linesPerVideo = Math.max(1, Math.floor(size.lines / size.videos));
  let lineCount = 0;
  const batch = 2_000;
  for (let start = 0; start < size.videos; start += batch) {
    db.transaction(() => {
      for (let v = start; v < Math.min(start + batch, size.videos); v++) {
        const id = videoId(v);
        const channel = channelId(v % size.channels);
        const title = capitalise(`${rare()} ${phrase(pick, random, 1, 3)} ${rare()} ${rare()}`);
        keep(samples.titles, title, Math.max(1, Math.floor(size.videos / 2000)), v);
        const published = BASE_TIME + v * 600_000;
        const tags = JSON.stringify([rare(), rare(), rare()]);
        insertVideo.run(
          id,
          channel,
          title,
          phrase(pick, random, 20, 60),
          tags,
          published,
          published,
          published,
          `${channel}/${id}.mp4`,
          linesPerVideo * 30,
        );
        const lines =
          v === size.videos - 1 ? size.lines - lineCount : Math.min(linesPerVideo, size.lines - lineCount);
        for (let f = 0; f < lines; f++) {
          const line = phrase(pick, random, 20, 40);
          keep(samples.lines, line, Math.max(1, Math.floor(size.lines / 2000)), lineCount);
          const lang = f % 10 === 9 ? 'de' : 'en';
          insertLine.run(id, lang, v % 2 ? 'auto' : 'user', f + 1, f * 30_000, f * 30_000 + 29_000, line);
          lineCount++;
        }
      }
    })();
    if ((start / batch) % 5 === 0) log(`${Math.min(start + batch, size.videos)} videos, ${lineCount} lines`);
  }

  log('building the search indexes');
  const started = performance.now();
  for (const statement of SQLITE_REBUILD) {
    db.exec(statement);
    log(
      `  ${statement.split('\n')[0]!.slice(0, 70)} (${Math.round((performance.now() - started) / 1000)} s)`,
    );
  }
  for (const t of triggers) db.exec(t.sql);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return samples;
}
