import { formatCount } from '../../../lib/format.ts';
import { useStats } from '../api/get-stats.ts';
import { Figures, QueryBody, StatCard } from './stat-card.tsx';

const percent = (share: number) => `${Math.round(share * 100)} %`;

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
                  [
                    'Watched',
                    `${formatCount(stats.watched?.items ?? 0)} videos, ${stats.watched?.duration_str ?? 'NA'} (${percent(watched)})`,
                  ],
                  [
                    'Unwatched',
                    `${formatCount(stats.unwatched?.items ?? 0)} videos, ${stats.unwatched?.duration_str ?? 'NA'} (${percent(stats.unwatched?.progress ?? 0)})`,
                  ],
                  ['Total', `${formatCount(stats.total.items)} videos, ${stats.total.duration_str}`],
                ]}
              />
            </>
          );
        }}
      </QueryBody>
    </StatCard>
  );
}
