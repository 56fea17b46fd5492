import type { Video } from '@tubekeeper/contract';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useComments } from '../api/get-comments.ts';
import { CommentItem } from './comment-item.tsx';

interface CommentsProps {
  video: Pick<Video, 'youtube_id' | 'comment_count'>;
  onTimestamp: (seconds: number) => void;
}

/** Spec §2: "Video has no comments" when the count is 0, otherwise "Comments: N" and the thread. */
export function Comments({ video, onTimestamp }: CommentsProps) {
  const count = video.comment_count;
  const comments = useComments(video.youtube_id, !!count);
  // null: comments were never fetched for this video, so there is nothing to say either way
  if (count === null) return null;
  if (count === 0) {
    return (
      <section className="comments">
        <p>Video has no comments</p>
      </section>
    );
  }
  return (
    <section className="comments" aria-labelledby="comments-title">
      <h2 id="comments-title">Comments: {count}</h2>
      {comments.isPending && <Spinner label="Loading comments" />}
      {comments.isError && <ErrorText>{errorMessage(comments.error)}</ErrorText>}
      {comments.data && (
        <ul className="comment-list">
          {comments.data.map((comment) => (
            <CommentItem key={comment.comment_id} comment={comment} onTimestamp={onTimestamp} />
          ))}
        </ul>
      )}
    </section>
  );
}
