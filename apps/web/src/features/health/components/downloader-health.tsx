import { useHealthDetails } from '../api/get-health.ts';
import { formatMoment } from './subscription-health.tsx';

/**
 * Staff, the Downloads page (issue 16): the installed yt-dlp, how old its release is, and the last
 * download, from GET /api/health/?details=true. An outdated or missing yt-dlp fails every download at
 * once, so this says so beside the queue before the failures pile up; nothing while it loads or fails.
 */
export function DownloaderHealth() {
  const report = useHealthDetails({ poll: false }).data;
  if (!report) return null;
  const { version, age_days: age } = report.ytdlp;
  return (
    <p className="muted" data-testid="downloader-health">
      {version ? (
        <>
          yt-dlp {version}
          {age !== null && `, ${age} day${age === 1 ? '' : 's'} old`}
        </>
      ) : (
        <span role="alert" className="danger-text">
          yt-dlp does not run: install it or set YTDLP_PATH
        </span>
      )}
      {' · '}Last download: {formatMoment(report.last_download)}
    </p>
  );
}
