import type { FfmpegRepository, MediaFacts } from '../repositories/ffmpeg.repository.ts';

/** How far the file's duration may be from the provider's: whole seconds on one side, muxing on the other. */
const TOLERANCE_S = 3;
const TOLERANCE_SHARE = 0.02;
/** The end that must decode, and how much of it may be missing (frame and packet boundaries). */
const TAIL_S = 3;
const TAIL_SLACK_S = 0.5;

/** A download that must not enter the archive; its message is what the queue item shows. */
export class BrokenDownloadError extends Error {
  override name = 'BrokenDownloadError';
}

/**
 * Checks a finished download before it enters the archive (issue 18 point 4): ffprobe reads only the
 * index, so a file cut short behind an index at the front looks whole. Its duration must match the
 * provider's, and its last seconds must decode.
 */
export class DownloadVerifier {
  constructor(private readonly ffmpeg: Pick<FfmpegRepository, 'probe' | 'decodableTail'>) {}

  /** Resolves to ffprobe's facts of the file (the stager takes them rather than probing again). */
  async verify(
    file: string,
    providerSeconds: number | null | undefined,
    signal?: AbortSignal,
  ): Promise<MediaFacts> {
    const facts = await this.ffmpeg.probe(file, signal).catch((error: Error) => {
      if (error.name === 'AbortError') throw error;
      throw new BrokenDownloadError(`broken download, not archived: not readable media (${error.message})`);
    });
    const lasts = facts.duration;
    if (providerSeconds && Math.abs(lasts - providerSeconds) > tolerance(providerSeconds)) {
      throw new BrokenDownloadError(
        `broken download, not archived: the file lasts ${seconds(lasts)}, the provider says ${seconds(providerSeconds)}`,
      );
    }
    const wanted = Math.min(TAIL_S, lasts);
    const decoded = await this.ffmpeg.decodableTail(file, TAIL_S, signal).catch((error: Error) => {
      if (error.name === 'AbortError') throw error;
      throw new BrokenDownloadError(
        `broken download, not archived: its end does not decode (${error.message})`,
      );
    });
    if (decoded < wanted - TAIL_SLACK_S) {
      throw new BrokenDownloadError(
        `broken download, not archived: only ${seconds(decoded)} of its last ${seconds(wanted)} decode (the file is cut short)`,
      );
    }
    return facts;
  }
}

function tolerance(providerSeconds: number): number {
  return Math.max(TOLERANCE_S, providerSeconds * TOLERANCE_SHARE);
}

function seconds(value: number): string {
  return `${Math.round(value * 10) / 10} s`;
}
