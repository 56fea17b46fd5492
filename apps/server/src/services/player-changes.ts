import type { PlayerChange } from '../repositories/video-page-tokens.repository.ts';

/** Reads a user's token changes: after `afterSeq` (at most `newest`), or their newest `newest`. */
export type PlayerChangeSource = (
  userId: number,
  afterSeq: number | undefined,
  newest: number,
) => Promise<PlayerChange[]>;

/** One change of a user's token: the token it made and the videos it touched. */
interface Link {
  token: string;
  ids: Set<string>;
}

/** A user's recent changes, each keyed by the token it replaced. */
interface Chain {
  links: Map<string, Link>;
  /** the tokens the links lead to */
  reached: Set<string>;
  lastSeq: number;
  /** a token the newest changes did not lead to: asked again, it is answered "unknown" without a read */
  unreachable?: string;
  reading?: Promise<void>;
}

/**
 * Which videos a user's marks and saved positions touched between two of their tokens (migration 0039), so a
 * kept list page whose videos were not touched keeps its players (issue 19: a player saving a position every
 * few seconds made every page of that user read its players again; on PostgreSQL a round trip each, p95
 * 30 ms against 20 at 32 clients).
 *
 * Each process keeps the newest links of its recent users and reads only the rows after the last it holds
 * when a user's token moves: one small read per change, not one per page. The answer is "not touched" only
 * when the links lead from one token to the other, and tokens are random, so a chain that arrives is a real
 * history of changes (a restored database or a race gives a chain that breaks, and the players are read).
 */
export class PlayerChanges {
  private readonly users = new Map<number, Chain>();

  constructor(
    private readonly source: PlayerChangeSource,
    private readonly maxLinks = 4096,
    private readonly maxUsers = 64,
  ) {}

  /** Whether a change from token `from` to `to` may have touched any of `ids` (true when not known). */
  async touched(userId: number, from: string, to: string, ids: readonly string[]): Promise<boolean> {
    const chain = await this.chainTo(userId, to);
    if (!chain) return true;
    let at = from;
    for (let steps = 0; at !== to; steps++) {
      const link = chain.links.get(at);
      if (!link || steps > chain.links.size) return true;
      if (ids.some((id) => link.ids.has(id))) return true;
      at = link.token;
    }
    return false;
  }

  /** The user's chain once it reaches `to`, else undefined. */
  private async chainTo(userId: number, to: string): Promise<Chain | undefined> {
    const chain: Chain = this.users.get(userId) ?? { links: new Map(), reached: new Set(), lastSeq: 0 };
    this.users.delete(userId); // to the end of the map's order: most recently used
    this.users.set(userId, chain);
    for (const oldest of this.users.keys()) {
      if (this.users.size <= this.maxUsers) break;
      this.users.delete(oldest);
    }
    if (chain.reached.has(to)) return chain;
    if (chain.unreachable === to) return undefined;
    // one read at a time per user; those who waited may find their token reached by it
    while (chain.reading) await chain.reading;
    if (!chain.reached.has(to) && chain.unreachable !== to) {
      chain.reading = this.read(userId, chain, to).finally(() => (chain.reading = undefined));
      await chain.reading;
    }
    return chain.reached.has(to) ? chain : undefined;
  }

  /** The rows after the last one held; when those do not lead to `to`, the newest rows instead. */
  private async read(userId: number, chain: Chain, to: string): Promise<void> {
    if (chain.lastSeq > 0) {
      const after = await this.source(userId, chain.lastSeq, this.maxLinks);
      // as many as asked for: more may follow, and the newest rows are read instead
      if (after.length < this.maxLinks) {
        this.add(chain, after);
        if (chain.reached.has(to)) return;
      }
    }
    chain.links.clear();
    chain.reached.clear();
    chain.lastSeq = 0;
    this.add(chain, await this.source(userId, undefined, this.maxLinks));
    if (!chain.reached.has(to)) chain.unreachable = to;
  }

  private add(chain: Chain, changes: PlayerChange[]): void {
    for (const change of changes) {
      chain.lastSeq = Math.max(chain.lastSeq, change.seq);
      if (change.prev === null) continue; // a first change links from nothing a page could hold
      let link = chain.links.get(change.prev);
      if (link?.token !== change.token) {
        // a newer change from the same token (a restored database went on differently): it replaces the old
        if (link) chain.reached.delete(link.token);
        link = { token: change.token, ids: new Set() };
        chain.links.set(change.prev, link);
        chain.reached.add(change.token);
      }
      link.ids.add(change.youtubeId);
    }
    for (const [prev, link] of chain.links) {
      if (chain.links.size <= this.maxLinks) break;
      chain.links.delete(prev);
      chain.reached.delete(link.token);
    }
  }
}
