import type { Insertable } from 'kysely';
import type { CommentRow, CommentsTable, SubtitleFragmentsTable } from '../../db/tables.ts';
import type { FragmentRecord } from '../../repositories/backup-read.repository.ts';
import { commentFields } from '../wire/comment.mapper.ts';
import { clock, clockMs, flag, num, objectOf, str, strOrNull, toMs, toSeconds } from './backup-values.ts';

/**
 * Subtitle lines and comments as Tube Archivist stores them (upstream §6: ta_subtitle, one document per
 * line; ta_comment, one document per video with its comments in order) and back.
 */

type Doc = Record<string, unknown>;

/** A subtitle line with the video facts its document repeats. */
export type FragmentPart = Omit<FragmentRecord, 'id'>;

export const fragmentId = (f: Pick<FragmentPart, 'youtube_id' | 'lang' | 'fragment_index'>) =>
  `${f.youtube_id}-${f.lang}-${f.fragment_index}`;

export function subtitleDoc(f: FragmentPart): Doc {
  return {
    subtitle_channel: f.channel_name,
    subtitle_channel_id: f.channel_id,
    subtitle_end: clock(f.end_ms),
    subtitle_fragment_id: fragmentId(f),
    subtitle_index: f.fragment_index,
    subtitle_lang: f.lang,
    subtitle_last_refresh: toSeconds(f.vid_last_refresh),
    subtitle_line: f.line,
    subtitle_source: f.source,
    subtitle_start: clock(f.start_ms),
    title: f.title,
    youtube_id: f.youtube_id,
  };
}

export function fragmentRow(doc: Doc): Omit<Insertable<SubtitleFragmentsTable>, 'id'> {
  return {
    youtube_id: str(doc.youtube_id),
    lang: str(doc.subtitle_lang, 'en'),
    source: str(doc.subtitle_source, 'user'),
    fragment_index: num(doc.subtitle_index),
    start_ms: clockMs(doc.subtitle_start),
    end_ms: clockMs(doc.subtitle_end),
    line: str(doc.subtitle_line),
  };
}

export function commentDoc(
  youtubeId: string,
  channelId: string,
  lastRefresh: number,
  rows: CommentRow[],
): Doc {
  return {
    comment_channel_id: channelId,
    comment_comments: rows.map(commentFields),
    comment_last_refresh: toSeconds(lastRefresh),
    youtube_id: youtubeId,
  };
}

export function commentRows(doc: Doc): Insertable<CommentsTable>[] {
  const youtubeId = str(doc.youtube_id);
  const comments = Array.isArray(doc.comment_comments) ? doc.comment_comments.map(objectOf) : [];
  return comments
    .filter((c) => typeof c.comment_id === 'string' && c.comment_id !== '')
    .map((c, position) => {
      const parent = strOrNull(c.comment_parent);
      return {
        comment_id: str(c.comment_id),
        youtube_id: youtubeId,
        parent_id: parent === null || parent === 'root' ? null : parent,
        position,
        author: str(c.comment_author),
        author_id: strOrNull(c.comment_author_id),
        author_thumbnail: strOrNull(c.comment_author_thumbnail),
        author_is_uploader: flag(c.comment_author_is_uploader),
        text: str(c.comment_text),
        // upstream's comment_timestamp is epoch seconds; a date text is read as one too
        timestamp:
          typeof c.comment_timestamp === 'number' ? c.comment_timestamp : toMs(c.comment_timestamp, 0) / 1000,
        like_count: num(c.comment_likecount),
        is_favorited: flag(c.comment_is_favorited),
      };
    });
}
