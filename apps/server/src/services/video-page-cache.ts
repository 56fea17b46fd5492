import type { VideoPageParts } from './video-list-pages.ts';

/**
 * The database states a kept page is checked against (VideoPageTokensRepository: tokens that triggers
 * replace with every write, migrations 0037-0038). `frame`: what decides which videos the page holds and
 * everything it shows of them but the players (the archive, and for a watch filter the user's marks);
 * `players`: the user's marks and positions, which the players show.
 */
export interface PageStates {
  frame: string;
  players: string;
}

export interface PageSources {
  /** the whole page, read afresh */
  parts(): Promise<VideoPageParts>;
  /** the user's players of these videos now, as JSON, in order; undefined when one of them is gone */
  players(ids: string[]): Promise<string[] | undefined>;
  /** whether the players' state moved from `from` by a change to any of these videos (true when unknown) */
  playersTouched(from: string, ids: string[]): Promise<boolean>;
}

/** A kept page: its bytes, and where each video's player lies in them. */
interface KeptPage {
  states: PageStates;
  json: Buffer;
  /** byte offsets of each player: [start, end) */
  players: [number, number][];
  ids: string[];
}

/**
 * Video list pages kept as their JSON until a write changes what they show (issue 19). A page costs the
 * server 0.7-1.2 ms of CPU on SQLite and 2-3 ms with PostgreSQL's share; at 32 clients on 2 cores that alone
 * is past the 20 ms budget (DESIGN.md §9). A family browsing between downloads asks the same pages again and
 * again, and a kept one costs a token read.
 *
 * Each entry carries the states it was read at and is used only while they hold. The states are read before
 * the page, so the page is as new as them or newer: a page kept under states that still hold is what a read
 * now would find. When only the players' state moved (the user's player saved a position, or they marked a
 * video in a list without a watch filter), the page keeps everything but its players and, when the change
 * touched one of its videos (PlayerChanges), reads those alone: one indexed lookup of a dozen ids instead of
 * the page's queries. Pages (and players) read at the same states are read once: the 32 clients asking the
 * same page after a download share one read. Least recently used pages go first past `maxBytes`.
 *
 * Kept as the bytes to send (a Buffer, outside V8's heap), so a kept page is not encoded again per request.
 */
export class VideoPageCache {
  private readonly entries = new Map<string, KeptPage>();
  private readonly reading = new Map<string, Promise<KeptPage>>();
  private bytes = 0;

  constructor(private readonly maxBytes = DEFAULT_MAX_BYTES) {}

  /** The page kept for `key` at `states`, else what `sources` give (then kept). */
  async page(key: string, states: PageStates, sources: PageSources): Promise<Buffer> {
    const kept = this.entries.get(key);
    if (kept?.states.frame === states.frame && kept.states.players === states.players) {
      this.entries.delete(key); // to the end of the map's order: most recently used
      this.entries.set(key, kept);
      return kept.json;
    }
    const readingKey = `${states.frame} ${states.players} ${key}`;
    let reading = this.reading.get(readingKey);
    if (!reading) {
      const read =
        kept?.states.frame === states.frame
          ? playersRead(kept, states, sources)
          : sources.parts().then((parts) => pageOf(states, parts));
      reading = read.finally(() => this.reading.delete(readingKey));
      this.reading.set(readingKey, reading);
    }
    const page = await reading;
    this.keep(key, page);
    return page.json;
  }

  private keep(key: string, page: KeptPage): void {
    if (this.entries.get(key) === page) return;
    this.drop(key);
    if (page.json.length > this.maxBytes) return;
    this.entries.set(key, page);
    this.bytes += page.json.length;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.json.length;
    this.entries.delete(key);
  }
}

/** A kept page at new players' state: the same bytes when no change touched its videos, else new players. */
async function playersRead(kept: KeptPage, states: PageStates, sources: PageSources): Promise<KeptPage> {
  if (!(await sources.playersTouched(kept.states.players, kept.ids))) return { ...kept, states };
  const players = await sources.players(kept.ids);
  // a video deleted since the states were read: the archive's token has moved too, so the page is read afresh
  if (!players) return pageOf(states, await sources.parts());
  return withPlayers(kept, states, players);
}

/** A page from its parts: one Buffer, the chunks and players in turn. */
function pageOf(states: PageStates, parts: VideoPageParts): KeptPage {
  return joined(
    states,
    parts.chunks.map((chunk) => Buffer.from(chunk)),
    parts.players.map((player) => Buffer.from(player)),
    parts.ids,
  );
}

/** The same page with other players: its chunks are the bytes around the old players. */
function withPlayers(page: KeptPage, states: PageStates, players: string[]): KeptPage {
  const chunks: Buffer[] = [];
  let from = 0;
  for (const [start, end] of page.players) {
    chunks.push(page.json.subarray(from, start));
    from = end;
  }
  chunks.push(page.json.subarray(from));
  return joined(
    states,
    chunks,
    players.map((player) => Buffer.from(player)),
    page.ids,
  );
}

function joined(states: PageStates, chunks: Buffer[], players: Buffer[], ids: string[]): KeptPage {
  const pieces: Buffer[] = [];
  const offsets: [number, number][] = [];
  let at = 0;
  for (const [i, chunk] of chunks.entries()) {
    pieces.push(chunk);
    at += chunk.length;
    const player = players[i];
    if (player === undefined) break;
    pieces.push(player);
    offsets.push([at, at + player.length]);
    at += player.length;
  }
  return { states, json: Buffer.concat(pieces, at), players: offsets, ids };
}

/** 8 MB: a page of 12 videos is 18 KB on the list bench's archive, so ~440 such pages. */
const DEFAULT_MAX_BYTES = 8_000_000;
