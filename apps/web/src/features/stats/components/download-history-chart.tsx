import { formatFileSize, type FileSizeUnit } from '../../../lib/format.ts';
import type { HistoryDay } from '../download-days.ts';

const WIDTH = 320;
const HEIGHT = 170;
const TOP = 16;
const BOTTOM = 30;
const SIDE = 4;
const BAR = 13;

/**
 * The last days' downloads as an SVG bar chart: per day a bar for the number of videos and one for their
 * size, each scaled to its own largest day. Loaded only with the dashboard (React.lazy); the table next to
 * it is the text alternative, so the picture itself is hidden from screen readers.
 */
export default function DownloadHistoryChart({ days, unit }: { days: HistoryDay[]; unit: FileSizeUnit }) {
  const slot = (WIDTH - 2 * SIDE) / days.length;
  const plot = HEIGHT - TOP - BOTTOM;
  const maxCount = Math.max(1, ...days.map((d) => d.count));
  const maxSize = Math.max(1, ...days.map((d) => d.media_size));
  const height = (value: number, max: number) => Math.max(2, (value / max) * plot);
  return (
    <figure className="history-chart">
      <div className="chart-legend" aria-hidden="true">
        <span className="chart-key count" /> Videos <span className="chart-key size" /> Size
      </div>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="presentation" aria-hidden="true" focusable="false">
        <line x1={SIDE} x2={WIDTH - SIDE} y1={TOP + plot} y2={TOP + plot} className="chart-axis" />
        {days.map((day, i) => {
          const x = SIDE + i * slot + slot / 2;
          return (
            <g key={day.date}>
              {day.count > 0 && (
                <>
                  <rect
                    className="chart-bar count"
                    x={x - BAR - 1}
                    width={BAR}
                    y={TOP + plot - height(day.count, maxCount)}
                    height={height(day.count, maxCount)}
                  >
                    <title>{`${day.date}: ${day.count} videos`}</title>
                  </rect>
                  <text
                    className="chart-value"
                    x={x - BAR / 2 - 1}
                    y={TOP + plot - height(day.count, maxCount) - 4}
                  >
                    {day.count}
                  </text>
                  <rect
                    className="chart-bar size"
                    x={x + 1}
                    width={BAR}
                    y={TOP + plot - height(day.media_size, maxSize)}
                    height={height(day.media_size, maxSize)}
                  >
                    <title>{`${day.date}: ${formatFileSize(day.media_size, unit)}`}</title>
                  </rect>
                </>
              )}
              <text className="chart-label" x={x} y={HEIGHT - 16}>
                {day.date.slice(5)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
