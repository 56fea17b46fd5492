import type { ProgressReporter } from './progress.ts';

/**
 * The notification of a download run: each video being downloaded shows its two lines (upstream §3.5:
 * "Processing Video: <title>", "<percent> of <size> at <speed> - time left: <eta>"); with parallel
 * downloads their lines follow each other and the bar shows their mean. The task reporter throttles
 * the writes.
 */
export class DownloadProgressBoard {
  private readonly active = new Map<string, { progress: number; messages: string[] }>();

  constructor(private readonly reporter: ProgressReporter) {}

  show(id: string, progress: number | undefined, messages: string[]): void {
    const previous = this.active.get(id)?.progress ?? 0;
    this.active.set(id, { progress: progress ?? previous, messages });
    this.publish();
  }

  remove(id: string): void {
    if (this.active.delete(id) && this.active.size) this.publish();
  }

  private publish(): void {
    const entries = [...this.active.values()];
    const mean = entries.reduce((sum, e) => sum + e.progress, 0) / entries.length;
    this.reporter.update(
      mean,
      entries.flatMap((e) => e.messages),
    );
  }
}
