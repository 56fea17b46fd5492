import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatCount, formatFileSize } from '../../../lib/format.ts';
import { useUserConfig } from '../../session/index.ts';
import { useStats } from '../api/get-stats.ts';
import { dayName, historyDays } from '../download-days.ts';
import { QueryBody, StatCard } from './stat-card.tsx';

// the chart's code is fetched only when the dashboard shows a history
const DownloadHistoryChart = lazy(() => import('./download-history-chart.tsx'));

/** Spec §2: the downloads of the last week, drawn as bars, with a 4-column table as the text alternative. */
export function DownloadHistoryCard() {
  const query = useStats('downloadhist');
  const { file_size_unit: unit } = useUserConfig();
  return (
    <StatCard title="Download history" size="wide">
      <QueryBody query={query}>
        {(history) => {
          if (history.length === 0) return <p className="muted">No recent downloads</p>;
          const days = historyDays(history);
          return (
            <div className="history">
              <Suspense fallback={<Spinner label="Loading the chart" />}>
                <DownloadHistoryChart days={days} unit={unit} />
              </Suspense>
              <table className="stat-table stat-values history-table">
                <caption className="visually-hidden">Downloads per day, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Date</th>
                    <th scope="col">Videos</th>
                    <th scope="col">Size</th>
                  </tr>
                </thead>
                <tbody>
                  {history.map((day) => (
                    <tr key={day.date}>
                      <th scope="row">{dayName(day.date)}</th>
                      <td>{day.date}</td>
                      <td>{formatCount(day.count)}</td>
                      <td>{formatFileSize(day.media_size, unit)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        }}
      </QueryBody>
    </StatCard>
  );
}
