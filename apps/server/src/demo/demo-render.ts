import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {
  ClipRequest,
  DemoMediaRepository,
  ImageRequest,
} from '../repositories/demo-media.repository.ts';

/** Bumped whenever rendering changes, so cached media from an older generator is not reused. */
const RENDER_VERSION = 1;

export type ClipSpec = Omit<ClipRequest, 'out' | 'titleFile' | 'footerFile'> & {
  title: string;
  footer: string;
};
export type ImageSpec = Omit<ImageRequest, 'out' | 'titleFile'> & { title: string };

/** Renders through the repository, reusing an earlier identical rendering from the cache folder when there is one. */
export class CachedRenderer {
  constructor(
    private readonly media: DemoMediaRepository,
    private readonly font: string | undefined,
    private readonly work: string,
    private readonly cacheDir: string | undefined,
  ) {}

  clip(out: string, spec: ClipSpec): Promise<void> {
    return this.cached(out, spec, async (target) => {
      const { title, footer, ...rest } = spec;
      const titleFile = this.textFile(title);
      const footerFile = this.textFile(footer);
      await this.media.renderClip({ ...rest, out: target, titleFile, footerFile }, this.font);
    });
  }

  image(out: string, spec: ImageSpec): Promise<void> {
    return this.cached(out, spec, async (target) => {
      const { title, ...rest } = spec;
      await this.media.renderImage({ ...rest, out: target, titleFile: this.textFile(title) }, this.font);
    });
  }

  private textFile(text: string): string {
    const file = path.join(this.work, `${randomBytes(6).toString('hex')}.txt`);
    fs.writeFileSync(file, text);
    return file;
  }

  private async cached(out: string, spec: object, render: (target: string) => Promise<void>): Promise<void> {
    if (!this.cacheDir) return render(out);
    const ext = path.extname(out);
    const key = createHash('sha256')
      .update(JSON.stringify({ RENDER_VERSION, font: this.font ?? null, ext, spec }))
      .digest('hex');
    const hit = path.join(this.cacheDir, `${key}${ext}`);
    if (!fs.existsSync(hit)) {
      // rendered under a unique name and renamed, so parallel test files never see a half-written file
      const partial = path.join(this.cacheDir, `${key}.${randomBytes(4).toString('hex')}.partial${ext}`);
      await render(partial);
      fs.renameSync(partial, hit);
    }
    fs.copyFileSync(hit, out);
  }
}

export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Breaks a title into lines of at most `width` characters, at spaces (drawtext does not wrap). */
export function wrap(text: string, width: number): string {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + word.length + 1 <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.join('\n');
}
