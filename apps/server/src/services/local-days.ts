/** Calendar days in a time zone, for the daily download history (upstream §5: a `date_histogram` in `TZ`). */

export interface LocalDay {
  /** "YYYY-MM-DD" in the zone */
  date: string;
  /** epoch ms of the day's first moment in the zone */
  start: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's wall clock at `ms`, as if it were UTC. */
function wallClock(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
}

/** Epoch ms of midnight of a calendar day in the zone (twice corrected, for a change of offset that day). */
function zonedMidnight(utcDay: number, timeZone: string): number {
  let at = utcDay - (wallClock(utcDay, timeZone) - utcDay);
  at = utcDay - (wallClock(at, timeZone) - at);
  return at;
}

/**
 * Today and the `back` days before it in the zone, newest first: Elasticsearch's `now-<back>d/d`; and when
 * that answer runs out (the next midnight), so a caller can keep it until then.
 */
export function recentLocalDays(
  now: number,
  timeZone: string,
  back: number,
): { days: LocalDay[]; until: number } {
  const today = new Date(wallClock(now, timeZone));
  const utcDay = (offset: number) =>
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + offset);
  const days: LocalDay[] = [];
  for (let i = 0; i <= back; i++) {
    const day = utcDay(-i);
    days.push({ date: new Date(day).toISOString().slice(0, 10), start: zonedMidnight(day, timeZone) });
  }
  return { days, until: zonedMidnight(utcDay(1), timeZone) };
}
