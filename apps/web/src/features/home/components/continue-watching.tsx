import { useVideoList, VideoList } from '../../videos/index.ts';

/** Spec §2 Home: the caller's started, unwatched videos; the row is absent when there are none. */
export function ContinueWatching() {
  const list = useVideoList({ watch: 'continue', sort: 'published', order: 'desc' });
  const videos = list.data?.data ?? [];
  if (videos.length === 0) return null;
  return (
    <section className="continue-watching" aria-labelledby="continue-watching-title">
      <h2 id="continue-watching-title">Continue Watching</h2>
      <VideoList videos={videos} viewStyle="grid" inlinePlay />
    </section>
  );
}
