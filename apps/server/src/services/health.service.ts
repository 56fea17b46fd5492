import type { HealthReport } from '@tubekeeper/contract';
import type { HealthRepository } from '../repositories/health.repository.ts';
import { ytdlpReleaseAgeDays } from '../repositories/ytdlp-diagnosis.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { FailureDiagnosisService } from './failure-diagnosis.service.ts';
import type { ReadOnlyState } from './read-only.ts';
import type { SubscriptionHealthService } from './subscription-health.service.ts';
import { taskDefinition } from './task-definitions.ts';

/**
 * The monitoring report: read-only or not (and why), yt-dlp's version and age, the last download, the
 * subscriptions failing now (deep scan, feed check or push), and the processes that run tasks with what
 * each runs.
 */
export class HealthService {
  constructor(
    private readonly rows: HealthRepository,
    private readonly subscriptions: Pick<SubscriptionHealthService, 'failingSubscriptions'>,
    private readonly diagnosis: Pick<FailureDiagnosisService, 'ytdlpVersion'>,
    private readonly runners: { queue: 'embedded' | 'redis'; jobs: Pick<JobQueue, 'workers'> },
    private readonly readOnly: ReadOnlyState,
    private readonly now: () => number = Date.now,
  ) {}

  /** Why writes are refused now, for the plain health answer (anyone may ask); undefined when they are not. */
  readOnlyReason(): string | undefined {
    return this.readOnly.status?.reason;
  }

  async report(): Promise<HealthReport> {
    const version = (await this.diagnosis.ytdlpVersion()) ?? null;
    const last = await this.rows.lastDownload();
    const failing = await this.subscriptions.failingSubscriptions();
    const workers = await this.runners.jobs.workers();
    const readOnly = this.readOnly.status;
    return {
      status: readOnly ? 'READ_ONLY' : 'OK',
      read_only: readOnly && { reason: readOnly.reason, since: new Date(readOnly.since).toISOString() },
      ytdlp: { version, age_days: ytdlpReleaseAgeDays(version ?? undefined, this.now()) ?? null },
      last_download: last === null ? null : new Date(last).toISOString(),
      failing_subscriptions: failing,
      task_runners: {
        queue: this.runners.queue,
        workers: workers.map((w) => ({
          id: w.id,
          host: w.host,
          pid: w.pid,
          started_at: new Date(w.started_at).toISOString(),
          seen_at: new Date(w.seen_at).toISOString(),
          running: w.running.map((r) => ({ ...r, title: taskDefinition(r.name)?.title ?? r.name })),
        })),
      },
    };
  }
}
