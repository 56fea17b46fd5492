// Seeds an SQLite archive for the search benchmark: channels, videos, playlists and subtitle lines drawn
// from a fixed vocabulary with a seeded PRNG, so every run builds the same library (seed-postgres.ts writes
// the same rows into PostgreSQL). Base rows go in first with the search triggers removed; the FTS indexes
// are then built in one pass and the triggers restored.
import Database from 'better-sqlite3';
import { SQLITE_REBUILD } from '../../apps/server/src/db/search/sqlite-rebuild.ts';
import { registerSearchFunctions } from '../../apps/server/src/db/search/sqlite-functions.ts';

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
const channelId = (i: number) => `UC${String(i).padStart(22, '0')}`;
const videoId = (i: number) => `v${String(i).padStart(10, '0')}`;

/** Rows of one table, in the order of `columns`. */
export interface TableRows {
  table: 'channels' | 'playlists' | 'videos' | 'subtitle_fragments';
  columns: string[];
  rows: unknown[][];
}

const VIDEO_COLUMNS = `youtube_id channel_id title description tags published date_downloaded vid_last_refresh
  media_url duration vid_type view_count like_count media_size width height`.split(/\s+/);
const LINE_COLUMNS = 'youtube_id lang source fragment_index start_ms end_ms line'.split(' ');
/** Videos per batch (one transaction on SQLite, one INSERT per table on PostgreSQL). */
const BATCH = 2_000;

/**
 * What varies between videos besides the text, worked out from the video's number so that the random
 * sequence of the text (and so every sample and query) is the same as before it was added: a tenth shorts,
 * a twentieth streams, views, likes, sizes and resolutions spread. The list filters and sorts then select
 * and order something, as in a real archive. A third is watched (v % 3 = 0): watched is per user, so the
 * benches mark those for their users once the server has made them (support/watched.ts).
 */
function videoFacts(v: number) {
  const spread = (prime: number, range: number) => (v * prime) % range;
  return {
    vid_type: v % 10 === 0 ? 'shorts' : v % 20 === 5 ? 'streams' : 'videos',
    view_count: spread(7919, 1_000_003),
    like_count: spread(104_729, 50_021),
    media_size: 1_000_000 + spread(15_485_863, 997) * 250_000,
    width: [640, 1280, 1920, 3840][v % 4]!,
    height: [360, 720, 1080, 2160][v % 4]!,
  };
}

/** Generates one library with a seeded PRNG; keeps a sample of what it wrote. */
export class LibraryGenerator {
  readonly samples: Samples = { titles: [], channelNames: [], lines: [] };
  private readonly random = prng(7);
  private readonly vocabulary = buildVocabulary(30_000);
  private readonly pick = wordPicker(this.vocabulary, this.random);

  constructor(readonly size: SeedSize) {}

  /** Titles and names lean on the rarer words, as real titles do. */
  private rare = () => this.vocabulary[200 + Math.floor(this.random() * (this.vocabulary.length - 200))]!;
  private phrase = (min: number, max: number) => phrase(this.pick, this.random, min, max);
  private keep(list: string[], value: string, total: number, i: number) {
    if (i % Math.max(1, Math.floor(total / 2000)) === 0 && list.length < 2000) list.push(value);
  }

  channelsAndPlaylists(): TableRows[] {
    const channels: unknown[][] = [];
    for (let c = 0; c < this.size.channels; c++) {
      const name = capitalise(`${this.rare()} ${this.rare()}`);
      this.keep(this.samples.channelNames, name, this.size.channels / 4, c);
      const tags = JSON.stringify([this.rare(), this.rare()]);
      channels.push([channelId(c), name, c % 3 === 0 ? 1 : 0, 1, BASE_TIME, this.phrase(10, 30), tags]);
    }
    const playlists: unknown[][] = [];
    for (let p = 0; p < Math.ceil(this.size.videos / 50); p++) {
      const name = capitalise(`${this.rare()} ${this.pick()} ${this.rare()}`);
      const id = `PL${String(p).padStart(32, '0')}`;
      playlists.push([id, name, null, channelId(p % this.size.channels), this.phrase(5, 20), BASE_TIME]);
    }
    log(`${channels.length} channels, ${playlists.length} playlists`);
    return [
      {
        table: 'channels',
        columns: `channel_id channel_name channel_subscribed channel_active channel_last_refresh
          channel_description channel_tags`.split(/\s+/),
        rows: channels,
      },
      {
        table: 'playlists',
        columns: `playlist_id playlist_name playlist_channel playlist_channel_id playlist_description
          playlist_last_refresh`.split(/\s+/),
        rows: playlists,
      },
    ];
  }

  /** Videos with their subtitle lines, 2 000 videos per batch. */
  *videoBatches(): Generator<[TableRows, TableRows]> {
    const { videos, lines } = this.size;
    const perVideo = Math.max(1, Math.floor(lines / videos));
    let written = 0;
    for (let start = 0; start < videos; start += BATCH) {
      const videoRows: unknown[][] = [];
      const lineRows: unknown[][] = [];
      for (let v = start; v < Math.min(start + BATCH, videos); v++) {
        const [id, channel] = [videoId(v), channelId(v % this.size.channels)];
        const title = capitalise(`${this.rare()} ${this.phrase(1, 3)} ${this.rare()} ${this.rare()}`);
        this.keep(this.samples.titles, title, videos, v);
        const at = BASE_TIME + v * 600_000;
        const tags = JSON.stringify([this.rare(), this.rare(), this.rare()]);
        const facts = videoFacts(v);
        videoRows.push([
          id,
          channel,
          title,
          this.phrase(20, 60),
          tags,
          at,
          at,
          at,
          `${channel}/${id}.mp4`,
          perVideo * 30 + (v % 600),
          facts.vid_type,
          facts.view_count,
          facts.like_count,
          facts.media_size,
          facts.width,
          facts.height,
        ]);
        const count = v === videos - 1 ? lines - written : Math.min(perVideo, lines - written);
        for (let f = 0; f < count; f++, written++) {
          const text = this.phrase(20, 40);
          this.keep(this.samples.lines, text, lines, written);
          const lang = f % 10 === 9 ? 'de' : 'en';
          lineRows.push([id, lang, v % 2 ? 'auto' : 'user', f + 1, f * 30_000, f * 30_000 + 29_000, text]);
        }
      }
      if ((start / BATCH) % 5 === 0) log(`${Math.min(start + BATCH, videos)} videos, ${written} lines`);
      yield [
        { table: 'videos', columns: VIDEO_COLUMNS, rows: videoRows },
        { table: 'subtitle_fragments', columns: LINE_COLUMNS, rows: lineRows },
      ];
    }
  }
}

/** SQLite: each batch in one transaction through a prepared statement per table. */
function writeSqlite(db: Database.Database, batches: TableRows[]) {
  db.transaction(() => {
    for (const { table, columns, rows } of batches) {
      if (rows.length === 0) continue;
      const insert = db.prepare(
        `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      );
      for (const row of rows) insert.run(...row);
    }
  })();
}

export function seedLibrary(file: string, size: SeedSize): Samples {
  const db = new Database(file);
  registerSearchFunctions(db);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -524288');
  // the search triggers are put back after the bulk load; the indexes are built in one pass instead
  const triggers = db
    .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%_search_%'`)
    .all() as { name: string; sql: string }[];
  for (const t of triggers) db.exec(`DROP TRIGGER ${t.name}`);
  const generator = new LibraryGenerator(size);
  writeSqlite(db, generator.channelsAndPlaylists());
  for (const batch of generator.videoBatches()) writeSqlite(db, batch);
  log('building the search indexes');
  const started = performance.now();
  for (const statement of SQLITE_REBUILD) {
    db.exec(statement);
    const seconds = Math.round((performance.now() - started) / 1000);
    log(`  ${statement.split('\n')[0]!.slice(0, 70)} (${seconds} s)`);
  }
  for (const t of triggers) db.exec(t.sql);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return generator.samples;
}
