import { isDiskFull } from './disk-full.ts';
import type { ReadOnlyState } from './read-only.ts';

/** One idempotent start-up step: it may run again from the start after a failure. */
export interface RecoveryStep {
  name: string;
  run(): Promise<void>;
}

export interface RecoveryLog {
  info(message: string): void;
  warn(message: string): void;
}

/** How often recovery that a full disk stopped is tried again. */
export const RECOVERY_RETRY_MS = 5_000;

/**
 * Runs what a server must finish before it writes (tasks a dead process left, staged imports and downloads,
 * queue adds to resume). When a full disk stops it, the server still starts, read-only with the reason
 * (dashboard, `GET /api/health/`), and tries again every few seconds; once it finishes, `then` runs (the
 * scheduler starts) and writes are accepted again. Any other failure still stops the start-up.
 */
export class StartupRecovery {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly steps: RecoveryStep[],
    private readonly readOnly: ReadOnlyState,
    private readonly log: RecoveryLog,
    private readonly retryMs = RECOVERY_RETRY_MS,
  ) {}

  /** The first attempt; resolves once recovery finished or the server went read-only. */
  async start(then: () => void): Promise<void> {
    if (await this.attempt()) then();
    else this.retryLater(then);
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  private async attempt(): Promise<boolean> {
    try {
      for (const step of this.steps) await step.run();
    } catch (error) {
      if (!isDiskFull(error)) throw error;
      const first = !this.readOnly.status;
      this.readOnly.enter(
        `start-up recovery cannot finish, the disk is full (${(error as Error).message}); free some space, the server tries again every ${Math.round(this.retryMs / 1000)} s`,
      );
      if (first) this.log.warn(`read-only: ${this.readOnly.status!.reason}`);
      return false;
    }
    if (this.readOnly.status) this.log.info('start-up recovery finished: writes are accepted again');
    this.readOnly.leave();
    return true;
  }

  private retryLater(then: () => void): void {
    this.timer = setTimeout(() => {
      this.attempt().then(
        (done) => (done ? then() : this.retryLater(then)),
        (error: unknown) => {
          this.log.warn(`start-up recovery failed: ${(error as Error).message}`);
          this.retryLater(then);
        },
      );
    }, this.retryMs);
    this.timer.unref();
  }
}
