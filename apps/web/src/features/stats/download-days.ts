import type { StatsDownloadHistory } from '@tubekeeper/contract';

/** One calendar day of the download history: its downloads, 0 on a day without any. */
export interface HistoryDay {
  /** "YYYY-MM-DD" */
  date: string;
  count: number;
  media_size: number;
}

const DAYS = 8;
const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * The days the server counts (upstream §5: today and the seven before it in the server's TZ), oldest
 * first. The server sends only days with downloads, so the week ends on the browser's today, or on the
 * newest day sent if the server's zone is already a day ahead.
 */
export function historyDays(history: StatsDownloadHistory, today = new Date()): HistoryDay[] {
  const newest = history.reduce((latest, day) => (day.date > latest ? day.date : latest), isoDay(today));
  const [y, m, d] = newest.split('-').map(Number) as [number, number, number];
  const byDate = new Map(history.map((day) => [day.date, day]));
  return Array.from({ length: DAYS }, (_, i) => {
    const date = isoDay(new Date(y, m - 1, d - (DAYS - 1 - i)));
    const day = byDate.get(date);
    return { date, count: day?.count ?? 0, media_size: day?.media_size ?? 0 };
  });
}

/** "Today", "Yesterday", else the weekday ("Mon"). */
export function dayName(date: string, today = new Date()): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const days = Math.round(
    (new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime() -
      new Date(y, m - 1, d).getTime()) /
      86_400_000,
  );
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return new Date(y, m - 1, d).toLocaleDateString('en-US', { weekday: 'short' });
}
