import { ErrorText } from '../../../components/ui/error-text.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePageParam } from '../../../lib/use-page-param.ts';
import { PlayerOverlay } from '../../player/index.ts';
import { useUserConfig } from '../../session/index.ts';
import { EmptyVideos, useVideoList, VideoList, ViewControls } from '../../videos/index.ts';
import { ContinueWatching } from '../components/continue-watching.tsx';

/** Spec §2 Home: Continue Watching, then Recent Videos with its filter bar and pages. */
export function HomeRoute() {
  const config = useUserConfig();
  const page = usePageParam();
  const list = useVideoList({
    sort: config.sort_by,
    order: config.sort_order,
    ...(config.hide_watched && { watch: 'unwatched' as const }),
    ...(page > 1 && { page }),
  });

  return (
    <div className="home">
      <PlayerOverlay />
      <ContinueWatching />
      <section aria-labelledby="recent-videos-title">
        <h1 id="recent-videos-title">Recent Videos</h1>
        <ViewControls
          viewKey="view_style_home"
          toggle={{ key: 'hide_watched', label: 'Show unwatched only' }}
          showSort
        />
        {list.isPending && <Spinner label="Loading videos" />}
        {list.isError && <ErrorText>{errorMessage(list.error)}</ErrorText>}
        {list.data &&
          (list.data.data.length === 0 ? (
            <EmptyVideos />
          ) : (
            <>
              <VideoList videos={list.data.data} viewStyle={config.view_style_home} inlinePlay />
              <Pagination paginate={list.data.paginate} />
            </>
          ))}
      </section>
    </div>
  );
}
