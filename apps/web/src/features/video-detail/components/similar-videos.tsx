import { useSimilarVideos } from '../api/get-similar.ts';
import { VideoList } from '../../videos/index.ts';

/** Spec §2 Video detail: the similar videos grid. */
export function SimilarVideos({ youtubeId }: { youtubeId: string }) {
  const similar = useSimilarVideos(youtubeId);
  if (!similar.data?.length) return null;
  return (
    <section className="similar-videos" aria-labelledby="similar-title">
      <h2 id="similar-title">Similar Videos</h2>
      <VideoList videos={similar.data} viewStyle="grid" />
    </section>
  );
}
