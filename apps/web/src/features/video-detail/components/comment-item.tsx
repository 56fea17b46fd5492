import type { Comment, CommentReply } from '@tubekeeper/contract';
import { LinkifiedText } from '../../../components/ui/linkified-text.tsx';
import { formatCount } from '../../../lib/format.ts';

interface CommentItemProps {
  comment: Comment | CommentReply;
  onTimestamp: (seconds: number) => void;
}

/** One comment with its replies below it; the text is linkified, never parsed as markup. */
export function CommentItem({ comment, onTimestamp }: CommentItemProps) {
  return (
    <li className="comment" data-testid="comment">
      <p className="comment-head">
        <strong className={comment.comment_author_is_uploader ? 'comment-uploader' : undefined}>
          {comment.comment_author}
        </strong>{' '}
        <span className="muted">{comment.comment_time_text}</span>
      </p>
      <p className="comment-text">
        <LinkifiedText text={comment.comment_text} onTimestamp={onTimestamp} />
      </p>
      <p className="comment-foot muted">
        <span>Likes: {formatCount(comment.comment_likecount)}</span>
        {comment.comment_is_favorited && <span title="Favorited by the uploader"> ♥ Favorited</span>}
      </p>
      {comment.comment_replies.length > 0 && (
        <ul className="comment-replies" aria-label={`Replies to ${comment.comment_author}`}>
          {comment.comment_replies.map((reply) => (
            <CommentItem key={reply.comment_id} comment={reply} onTimestamp={onTimestamp} />
          ))}
        </ul>
      )}
    </li>
  );
}
