import type { Comment, CommentReply } from '@tubekeeper/contract';
import type { CommentRow } from '../../db/tables.ts';
import { commentTimeText } from './format.ts';

/** A stored comment's fields as upstream names them (the backup's comment documents use them as they are). */
export function commentFields(row: CommentRow): Omit<CommentReply, 'comment_replies'> {
  return {
    comment_author: row.author,
    comment_author_id: row.author_id,
    comment_author_is_uploader: row.author_is_uploader === 1,
    comment_author_thumbnail: row.author_thumbnail,
    comment_id: row.comment_id,
    comment_is_favorited: row.is_favorited === 1,
    comment_likecount: row.like_count,
    comment_parent: row.parent_id ?? 'root',
    comment_text: row.text,
    comment_time_text: commentTimeText(row.timestamp),
    comment_timestamp: row.timestamp,
  };
}

function toReply(row: CommentRow): CommentReply {
  // the page shows the author id where the provider gave no name
  return { ...commentFields(row), comment_author: row.author || row.author_id || '', comment_replies: [] };
}

/**
 * Root comments in stored order, each with its replies. A reply to a reply joins the thread of its root
 * (YouTube threads are one level deep); a reply whose parent is unknown is shown as a root.
 */
export function toCommentTree(rows: CommentRow[]): Comment[] {
  const byId = new Map(rows.map((row) => [row.comment_id, row]));
  const rootOf = (row: CommentRow): CommentRow => {
    const seen = new Set<string>();
    let current = row;
    while (current.parent_id && byId.has(current.parent_id) && !seen.has(current.parent_id)) {
      seen.add(current.comment_id);
      current = byId.get(current.parent_id)!;
    }
    return current;
  };
  const threads = new Map<string, Comment>();
  for (const row of rows) {
    const root = rootOf(row);
    if (root === row) threads.set(row.comment_id, { ...toReply(row), comment_replies: [] });
  }
  for (const row of rows) {
    const root = rootOf(row);
    if (root === row) continue;
    const thread = threads.get(root.comment_id);
    // a parent cycle in bad data has no root: show the comment on its own rather than lose it
    if (thread) thread.comment_replies.push(toReply(row));
    else threads.set(row.comment_id, toReply(row));
  }
  return [...threads.values()];
}
