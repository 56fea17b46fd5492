import { formatCount } from '../../../lib/format.ts';
import { useStats } from '../api/get-stats.ts';
import { Figures, QueryBody, StatCard } from './stat-card.tsx';

const percent = (share: number) => `${Math.round(share * 100)} %`;
const videos = (count: number) => `${formatCount(count)} ${count === 1 ? 'video' : 'videos'}`;

/**
 * "19 videos, 1m 11s (79 %)", each figure unbreakable: a narrow card breaks the line between the figures,
 * not inside one ("1m" / "11s", "(79" / "%)").
 */
function share(items: number, durationStr: string | undefined, progress: number) {
  return (
    <>
      <span className="figure">{videos(items)}</span>, <span className="figure">{durationStr ?? 'NA'}</span>{' '}
      <span className="figure">({percent(progress)})</span>
    </>
  );
}

/** Spec §3 Stats watch: the archive's duration split into watched and unwatched, as a bar and in words. */
export function WatchProgressCard() {
  const query = useStats('watch');
  return (
    <StatCard title="Watch progress">
      <QueryBody query={query}>
        {(stats) => {
          const watched = stats.watched?.progress ?? 0;
          return (
            <>
              <div
                className="watch-bar"
                role="meter"
                aria-label="Watched share of the archive's duration"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(watched * 100)}
                aria-valuetext={`${percent(watched)} watched`}
              >
                <span className="watch-bar-watched" style={{ width: `${watched * 100}%` }} />
              </div>
              <Figures
                rows={[
                  ['Watched', share(stats.watched?.items ?? 0, stats.watched?.duration_str, watched)],
                  [
                    'Unwatched',
                    share(
                      stats.unwatched?.items ?? 0,
                      stats.unwatched?.duration_str,
                      stats.unwatched?.progress ?? 0,
                    ),
                  ],
                  [
                    'Total',
                    <>
                      <span className="figure">{videos(stats.total.items)}</span>,{' '}
                      <span className="figure">{stats.total.duration_str}</span>
                    </>,
                  ],
                ]}
              />
            </>
          );
        }}
      </QueryBody>
    </StatCard>
  );
}
