import { diagnose, withAdvice, type Diagnosis } from '../repositories/ytdlp-diagnosis.ts';
import { YtdlpError } from '../repositories/ytdlp-output.ts';

const VERSION_TTL_MS = 60 * 60_000;

/**
 * Diagnoses provider failures with the installed yt-dlp's version in the advice ("update yt-dlp:
 * installed 2023.03.04, 600 days old"). The version is asked once an hour at most: `yt-dlp --version`
 * costs a process start, and a run can fail many items in a row.
 */
export class FailureDiagnosisService {
  private version: { value: string | undefined; at: number } | undefined;

  constructor(
    private readonly readVersion: () => Promise<string>,
    private readonly now: () => number = Date.now,
  ) {}

  async diagnose(message: string): Promise<Diagnosis> {
    return diagnose(message, { ytdlpVersion: await this.ytdlpVersion(), now: this.now() });
  }

  /**
   * What the user reads for a failure: a provider failure (a YtdlpError, from any yt-dlp call: adding to
   * the queue, a scan, subtitles, comments, the cookie check) as yt-dlp's text with its category and
   * advice, as a failed download shows it; any other error as its message.
   */
  async explain(error: unknown): Promise<string> {
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof YtdlpError) || error.kind === 'aborted') return message;
    return withAdvice(message, await this.diagnose(message));
  }

  /** The installed version, or undefined when yt-dlp does not run. */
  async ytdlpVersion(): Promise<string | undefined> {
    const now = this.now();
    if (this.version && now - this.version.at < VERSION_TTL_MS) return this.version.value;
    const value = await this.readVersion().then(
      (v) => v.trim(),
      () => undefined,
    );
    this.version = { value, at: now };
    return value;
  }
}
