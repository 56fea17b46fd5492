import type { DownloadItem as Item } from '@tubekeeper/contract';
import { Link } from 'react-router';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { FallbackImage } from '../../../components/ui/fallback-image.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useUpdateDownload, type DownloadAction } from '../api/update-download.ts';

const providerUrl = (id: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;

/**
 * One queue item (spec §2 Downloads): thumbnail, tags, channel (linked when archived), title linking to
 * the provider, published, duration, id, the last error and what it means (its category and advice, so a
 * removed or private video can be ignored in one click). Ignored items offer Forget and Add to queue,
 * queued ones Ignore and Download now; Delete appears when there is an error message.
 */
export function DownloadItem({ item }: { item: Item }) {
  const update = useUpdateDownload();
  const act = (status: DownloadAction['status']) =>
    update.mutate({ id: item.youtube_id, status } as DownloadAction);
  const ignored = item.status === 'ignore';
  const button = (label: string, status: DownloadAction['status'], className = 'button small') => (
    <button type="button" className={className} disabled={update.isPending} onClick={() => act(status)}>
      {label}
    </button>
  );
  return (
    <article className="video-card download-item" data-testid="download-item">
      <div className="video-thumb">
        <FallbackImage src={item.vid_thumb_url} alt="" fallbackClassName="thumb-fallback" />
        {item.duration !== 'NA' && <span className="duration-badge">{item.duration}</span>}
      </div>
      <div className="video-card-body">
        <ul className="tag-list" aria-label="Tags">
          <li className="tag">{ignored ? 'ignored' : 'queued'}</li>
          <li className="tag">{item.vid_type}</li>
          {item.auto_start && <li className="tag">auto</li>}
        </ul>
        {item.channel_indexed ? (
          <Link className="video-card-channel" to={`/channel/${item.channel_id}`}>
            {item.channel_name}
          </Link>
        ) : (
          <span className="video-card-channel">{item.channel_name}</span>
        )}
        <h3 className="video-card-title">
          <a href={providerUrl(item.youtube_id)} target="_blank" rel="noreferrer">
            {item.title}
          </a>
        </h3>
        <p className="muted">
          {item.published && `Published: ${formatDate(item.published)} | `}Duration: {item.duration} |{' '}
          {item.youtube_id}
        </p>
        {item.message && <p className="danger-text">{item.message}</p>}
        {item.message && item.diagnosis && (
          <p className="download-diagnosis" data-testid="download-diagnosis">
            <strong>{item.diagnosis.label}:</strong> {item.diagnosis.advice}
          </p>
        )}
        <div className="button-row">
          {ignored ? (
            <>
              {button('Forget', 'delete')}
              {button('Add to queue', 'pending')}
            </>
          ) : (
            <>
              {button('Ignore', 'ignore')}
              {button('Download now', 'priority', 'button small primary')}
            </>
          )}
          {item.message && button('Delete', 'delete', 'button small danger')}
        </div>
        {update.isError && <ErrorText>{errorMessage(update.error)}</ErrorText>}
      </div>
    </article>
  );
}
