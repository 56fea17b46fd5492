import type { HealthReport } from '@tubekeeper/contract';
import type { HealthRepository } from '../repositories/health.repository.ts';
import { ytdlpReleaseAgeDays } from '../repositories/ytdlp-diagnosis.ts';
import type { FailureDiagnosisService } from './failure-diagnosis.service.ts';

/** The monitoring report: yt-dlp's version and age, the last download, failing subscriptions. */
export class HealthService {
  constructor(
    private readonly rows: HealthRepository,
    private readonly diagnosis: Pick<FailureDiagnosisService, 'ytdlpVersion'>,
    private readonly now: () => number = Date.now,
  ) {}

  async report(): Promise<HealthReport> {
    const version = (await this.diagnosis.ytdlpVersion()) ?? null;
    const last = await this.rows.lastDownload();
    const failing = await this.rows.failingFeeds();
    return {
      status: 'OK',
      ytdlp: { version, age_days: ytdlpReleaseAgeDays(version ?? undefined, this.now()) ?? null },
      last_download: last === null ? null : new Date(last).toISOString(),
      failing_subscriptions: failing.map((f) => ({
        id: f.id,
        kind: f.kind,
        name: f.channel_name ?? f.playlist_name ?? null,
        last_error: f.last_error!,
        checked_at: new Date(f.checked_at).toISOString(),
      })),
    };
  }
}
