import type { SearchResponse } from '@tubekeeper/contract';
import type { ReactNode } from 'react';
import { ChannelOverview } from '../../channels/index.ts';
import { PlaylistCards } from '../../playlists/index.ts';
import { useUserConfig } from '../../session/index.ts';
import { VideoList } from '../../videos/index.ts';
import { CommentHit } from './comment-hit.tsx';
import { FulltextHit } from './fulltext-hit.tsx';

type Results = SearchResponse['results'];

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `search-${title.toLowerCase()}-title`;
  return (
    <section className="search-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** Spec §2 Search: a section per kind of hit (Video, Channel, Playlist, Fulltext, Comments), each shown when it has hits. */
export function SearchResults({ results }: { results: Results }) {
  const { view_style_home: viewStyle } = useUserConfig();
  const { video_results, channel_results, playlist_results, fulltext_results, comment_results } = results;
  return (
    <>
      {video_results.length > 0 && (
        <Section title="Video">
          <VideoList videos={video_results} viewStyle={viewStyle} inlinePlay />
        </Section>
      )}
      {channel_results.length > 0 && (
        <Section title="Channel">
          <div className="search-channels">
            {channel_results.map((channel) => (
              <article key={channel.channel_id} className="channel-card" data-testid="channel-hit">
                <ChannelOverview channel={channel} />
              </article>
            ))}
          </div>
        </Section>
      )}
      {playlist_results.length > 0 && (
        <Section title="Playlist">
          <PlaylistCards playlists={playlist_results} />
        </Section>
      )}
      {fulltext_results.length > 0 && (
        <Section title="Fulltext">
          <div className="search-hits">
            {fulltext_results.map((hit) => (
              <FulltextHit key={hit.subtitle_fragment_id} hit={hit} />
            ))}
          </div>
        </Section>
      )}
      {comment_results.length > 0 && (
        <Section title="Comments">
          <div className="search-hits">
            {comment_results.map((hit) => (
              <CommentHit key={hit.comment_id} hit={hit} />
            ))}
          </div>
        </Section>
      )}
    </>
  );
}
