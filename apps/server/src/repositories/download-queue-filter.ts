import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database, DownloadQueueTable } from '../db/tables.ts';

export type QueueStatus = 'pending' | 'ignore';

/** Which items a list, count, bulk change or delete applies to; every field narrows the selection. */
export interface QueueFilter {
  status?: QueueStatus;
  autoStart?: boolean;
  channelId?: string;
  vidType?: DownloadQueueTable['vid_type'];
  /** words of the title, the last one a prefix of a word (upstream match_phrase_prefix) */
  titlePhrase?: string;
  /** true: items with a message (a failed attempt); false: items without */
  error?: boolean;
  /** items a download run may take at this time (epoch ms): no failed attempt, or a premiere that is due */
  dueAt?: number;
}

/** The filter as one condition; every query of the table (select, update, delete) takes it. */
export function matches(filter: QueueFilter) {
  return (eb: ExpressionBuilder<Database, 'download_queue'>) => {
    const conditions: Expression<SqlBool>[] = [];
    if (filter.status) conditions.push(eb('download_queue.status', '=', filter.status));
    if (filter.autoStart !== undefined)
      conditions.push(eb('download_queue.auto_start', '=', filter.autoStart ? 1 : 0));
    if (filter.channelId) conditions.push(eb('download_queue.channel_id', '=', filter.channelId));
    if (filter.vidType) conditions.push(eb('download_queue.vid_type', '=', filter.vidType));
    if (filter.error !== undefined)
      conditions.push(eb('download_queue.message', filter.error ? 'is not' : 'is', null));
    if (filter.dueAt !== undefined) conditions.push(dueCondition(eb, filter.dueAt));
    if (filter.titlePhrase) {
      const phrase = likeEscape(filter.titlePhrase.toLowerCase());
      const title = sql`lower(download_queue.title)`;
      // a word start anywhere in the title; ESCAPE so % and _ in the query match themselves
      conditions.push(
        sql<SqlBool>`(${title} like ${`${phrase}%`} escape '\\' or ${title} like ${`% ${phrase}%`} escape '\\')`,
      );
    }
    return eb.and(conditions);
  };
}

/** No failed attempt, or a failure that said when to come back (a premiere) and that time has come. */
function dueCondition(eb: ExpressionBuilder<Database, 'download_queue'>, now: number) {
  return eb.or([
    eb('download_queue.message', 'is', null),
    eb.and([eb('download_queue.retry_at', 'is not', null), eb('download_queue.retry_at', '<=', now)]),
  ]);
}

function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
