import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { codePointOrder, type Engine } from '../db/dialect.ts';
import type { Database } from '../db/tables.ts';

/**
 * Rows between two anchors: a deep page reads at most this many index entries before its own, and with the
 * watch filter probes each one's mark. 480 at first; 120 measured on the list bench's 100 000 videos (pages
 * 1-3 000, 80 lists): an unwatched page's ids 340 -> 145 us, a page's database time 0.43 -> 0.25 ms, for 4x
 * the anchors (a list of 100 000: 833 of them, ~70 KB).
 */
const BLOCK = 120;
/** Lists (filter, sort, order) whose anchors are kept at once; beyond it the oldest is dropped. */
const KEPT_LISTS = 200;

/** Where a block of the list ends: the sort value and id of its last row. */
interface Anchor {
  value: number;
  id: string;
}

/** A list's anchors so far, whether the list ends after them, and the search for more under way. */
interface KeptList {
  /** the state they were found at (`stateOf`) */
  state: string;
  anchors: Anchor[];
  ended: boolean;
  finding?: Promise<void>;
}

/** A list's filtered rows (`FROM videos WHERE …`), before selecting, ordering and paging. */
export type FilteredVideos = SelectQueryBuilder<Database, 'videos', object>;

/**
 * Deep pages of a video list without a deep OFFSET. A page at OFFSET n makes the database step over n index
 * entries, and with a filter it also reads each one's filter columns (page 3 000 of the unwatched: 4-50 ms on
 * SQLite at 100 000 videos). Instead, the key (sort value, youtube_id) of every BLOCK-th row is kept, and a
 * page starts from the nearest anchor before it: `WHERE (sort, id) > anchor … OFFSET n mod BLOCK`, a seek in
 * the same index. Anchors are found once per list, block by block up to the deepest page asked, and
 * kept until a write can change the list's rows or order, in any process, so a page is always the one OFFSET
 * would give: `video_list_version` (migration 0027: triggers move it with such writes to the videos) and, for
 * a list of one user's marks, that user's marks token (migration 0038; a mark no longer moves the version,
 * so one user's marks leave everyone else's lists and the unfiltered ones as they were).
 */
export class VideoListAnchors {
  private kept = new Map<string, KeptList>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {}

  /**
   * Ids of one page of `filtered` ordered by `column` then youtube_id, both in `direction`. `owner`: the user
   * whose marks the list filters by, if any.
   */
  async pageIds(
    list: string,
    owner: number | undefined,
    filtered: () => FilteredVideos,
    column: string,
    direction: 'asc' | 'desc',
    limit: number,
    offset: number,
  ): Promise<string[]> {
    const blocks = Math.floor(offset / BLOCK);
    const ordered = (after: Anchor | undefined) =>
      this.after(filtered(), column, direction, after)
        .orderBy(sql.ref(column), direction)
        .orderBy(codePointOrder(this.engine, 'videos.youtube_id'), direction);
    if (blocks === 0) {
      const rows = await ordered(undefined).select('videos.youtube_id').limit(limit).offset(offset).execute();
      return rows.map((r) => r.youtube_id);
    }
    const anchors = await this.anchors(list, owner, blocks, ordered, { column, direction });
    if (anchors.length < blocks) return []; // the list ends before this page
    const rows = await ordered(anchors[blocks - 1])
      .select('videos.youtube_id')
      .limit(limit)
      .offset(offset - blocks * BLOCK)
      .execute();
    return rows.map((r) => r.youtube_id);
  }

  /** At least `blocks` anchors of the list (fewer when the list is shorter), found now where missing. */
  private async anchors(
    list: string,
    owner: number | undefined,
    blocks: number,
    ordered: (after: Anchor | undefined) => FilteredVideos,
    order: { column: string; direction: 'asc' | 'desc' },
  ): Promise<Anchor[]> {
    const state = await this.stateOf(owner);
    let kept = this.kept.get(list);
    if (kept?.state !== state) {
      // a search under way for the earlier state finishes into the replaced object, for its own callers
      kept = { state, anchors: [], ended: false };
      this.kept.delete(list);
      if (this.kept.size >= KEPT_LISTS) this.kept.delete(this.kept.keys().next().value!);
      this.kept.set(list, kept);
    }
    // one request finds them; the others asking for the same list meanwhile wait for it
    while (kept.anchors.length < blocks && !kept.ended) {
      const list = kept;
      list.finding ??= this.find(list, blocks, ordered, order).finally(() => (list.finding = undefined));
      await list.finding;
    }
    return kept.anchors;
  }

  /**
   * SQLite: block by block, each a seek and BLOCK index steps (75 blocks of 480: 8 ms, where reading the 36 000
   * keys into JS took 90-110 ms and a window function 120 ms). PostgreSQL: one statement numbering the rows
   * over the index in order, instead of a round trip per block.
   */
  private async find(
    list: KeptList,
    blocks: number,
    ordered: (after: Anchor | undefined) => FilteredVideos,
    order: { column: string; direction: 'asc' | 'desc' },
  ): Promise<void> {
    const { column, direction } = order;
    const keys = [sql<number>`${sql.ref(column)}`.as('value'), 'videos.youtube_id as id'] as const;
    if (this.engine === 'postgres') {
      const wanted = (blocks - list.anchors.length) * BLOCK;
      const numbered = ordered(list.anchors.at(-1))
        .select([
          ...keys,
          sql<number>`row_number() over (order by ${sql.ref(column)} ${sql.raw(direction)}, ${codePointOrder(this.engine, 'videos.youtube_id')} ${sql.raw(direction)})`.as(
            'n',
          ),
        ])
        .limit(wanted);
      const { rows } = await sql<Anchor & { n: number }>`
        SELECT value, id FROM (${numbered}) k WHERE n % ${BLOCK} = 0 ORDER BY n`.execute(this.db);
      list.anchors.push(...rows.map((r) => ({ value: Number(r.value), id: r.id })));
      if (rows.length < wanted / BLOCK) list.ended = true;
      return;
    }
    while (list.anchors.length < blocks) {
      const end = await ordered(list.anchors.at(-1))
        .select(keys)
        .limit(1)
        .offset(BLOCK - 1)
        .executeTakeFirst();
      if (!end) {
        list.ended = true; // the list ends before the page asked for
        return;
      }
      list.anchors.push({ value: Number(end.value), id: end.id });
    }
  }

  /**
   * The state a list's anchors hold for: read before they are found, so a write committed in between
   * changes it again and what was found then is dropped at the next call.
   */
  private async stateOf(owner: number | undefined): Promise<string> {
    const row = await this.db
      .selectFrom('video_list_version')
      .select((eb) => [
        'version',
        owner === undefined
          ? sql<null>`null`.as('owner_token')
          : eb
              .selectFrom('video_page_tokens')
              .select('token')
              .where('scope', '=', -owner) // the owner's marks alone (migration 0038)
              .as('owner_token'),
      ])
      .where('id', '=', 1)
      .executeTakeFirst();
    return `${row?.version ?? '-'}/${row?.owner_token ?? '-'}`;
  }

  /** Rows after `anchor` in the list's order: (sort, id) beyond it, a range of the sort index. */
  private after(query: FilteredVideos, column: string, direction: 'asc' | 'desc', anchor?: Anchor) {
    if (!anchor) return query;
    const beyond = direction === 'asc' ? sql.raw('>') : sql.raw('<');
    return query.where(
      sql<boolean>`(${sql.ref(column)}, ${codePointOrder(this.engine, 'videos.youtube_id')}) ${beyond} (${anchor.value}, ${anchor.id})`,
    );
  }
}
