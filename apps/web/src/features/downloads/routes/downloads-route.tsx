import type { CSSProperties } from 'react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePageParam } from '../../../lib/use-page-param.ts';
import { ChannelHealthBox, DownloaderHealth, FailingSubscriptions } from '../../health/index.ts';
import { isStaff, useAccount } from '../../session/index.ts';
import { TaskOutcome } from '../../tasks/index.ts';
import { useViewConfig } from '../../videos/index.ts';
import { useDownloadAggs } from '../api/get-download-aggs.ts';
import { useDownloadList } from '../api/list-downloads.ts';
import { downloadKeys } from '../api/query-keys.ts';
import { AddToQueueForm } from '../components/add-to-queue-form.tsx';
import { DownloadFilters } from '../components/download-filters.tsx';
import { DownloadItem } from '../components/download-item.tsx';
import { DownloadsToolbar } from '../components/downloads-toolbar.tsx';

/** Spec §9: the total shows a + at exactly 10000 (upstream's count cap; ours counts on). */
export const queueTotal = (total: number) => `${total}${total === 10000 ? '+' : ''}`;

/** Spec §2 Downloads: the queue (or the ignore list) with its tools, filters and items. */
export function DownloadsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const channel = searchParams.get('channel') ?? undefined;
  const page = usePageParam();
  const { config, save } = useViewConfig();
  const filter = config.show_ignored_only ? 'ignore' : 'pending';
  const list = useDownloadList({ filter, ...(channel && { channel }), ...(page > 1 && { page }) });
  const aggs = useDownloadAggs(filter);
  const staff = isStaff(useAccount());
  const [formOpen, setFormOpen] = useState(false);
  const [task, setTask] = useState<{ id: string; notice?: string }>();

  const setParams = (change: (params: URLSearchParams) => void) => {
    const next = new URLSearchParams(searchParams);
    next.delete('page');
    change(next);
    setSearchParams(next);
  };
  const channelName =
    channel &&
    (aggs.data?.buckets.find((b) => b.key[1] === channel)?.key[0] ??
      list.data?.data.find((item) => item.channel_id === channel)?.channel_name ??
      channel);
  const started = (id: string, notice?: string) => setTask({ id, ...(notice && { notice }) });
  const style = { '--grid-items': config.grid_items } as CSSProperties;

  return (
    <section>
      <h1>Downloads{channelName && ` for ${channelName}`}</h1>
      <DownloadsToolbar formOpen={formOpen} onToggleForm={() => setFormOpen(!formOpen)} onStarted={started} />
      {formOpen && <AddToQueueForm onStarted={(id) => started(id)} />}
      {task && (
        <TaskOutcome
          key={task.id}
          taskId={task.id}
          refresh={[downloadKeys.all]}
          {...(task.notice && { notice: task.notice })}
        />
      )}
      <DownloadFilters
        aggs={aggs.data}
        channel={channel}
        onChannel={(id) => setParams((p) => (id ? p.set('channel', id) : p.delete('channel')))}
        onIgnoredToggle={(ignoredOnly) => {
          save({ show_ignored_only: ignoredOnly });
          setParams(() => undefined);
        }}
      />
      {channel && staff && <ChannelHealthBox key={channel} channelId={channel} />}
      {staff && <DownloaderHealth />}
      {!channel && staff && <FailingSubscriptions />}
      {list.isPending && <Spinner label="Loading the queue" />}
      {list.isError && <ErrorText>{errorMessage(list.error)}</ErrorText>}
      {list.data && (
        <>
          <p className="queue-total">Total videos in queue: {queueTotal(list.data.paginate.total_hits)}</p>
          <div className={`video-list ${config.view_style_downloads}`} style={style}>
            {list.data.data.map((item) => (
              <DownloadItem key={item.youtube_id} item={item} />
            ))}
          </div>
          <Pagination paginate={list.data.paginate} />
        </>
      )}
    </section>
  );
}
