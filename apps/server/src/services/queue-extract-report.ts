import type { YtdlpError } from '../repositories/ytdlp-output.ts';
import type { VidType } from './metadata-mapper.ts';

/** What an add to the queue or a scan did, line by line. */
export interface ExtractReport {
  /** items newly queued */
  added: number;
  /** items already queued that were moved to the front (added again with autostart) */
  prioritized: number;
  /** already queued, ignored, blocked or archived */
  skipped: number;
  failures: { input: string; error: string }[];
  /**
   * The failure that stopped the add where it met it (`input`): yt-dlp missing or broken, no network, or
   * the provider refusing (tool-failure.ts; `explained`: a refusal's text with its category and advice).
   * That line and the ones after it are not resolved: they stay for a later run.
   */
  halted?: { input: string; error: YtdlpError; explained?: string };
  /** with `typeLimits`: new videos left out for their type (page size 0, or past it) */
  leftOut?: { id: string; vidType: VidType; overLimit: boolean }[];
}

/** "Added 2 videos to the queue." plus what was skipped and every failure by line. */
export function describeExtract(report: ExtractReport): string {
  const plural = (n: number) => `${n} ${n === 1 ? 'video' : 'videos'}`;
  const parts = [`Added ${plural(report.added)} to the queue.`];
  if (report.prioritized) parts.push(`Moved ${plural(report.prioritized)} to the front.`);
  if (report.skipped) parts.push(`Skipped ${plural(report.skipped)} already queued, ignored or archived.`);
  if (report.failures.length) {
    const lines = report.failures.map((f) => `${f.input}: ${f.error}`);
    parts.push(`Failed ${report.failures.length}: ${lines.join('; ')}`);
  }
  return parts.join(' ');
}
