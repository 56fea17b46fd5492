import { isLanguageCode } from './languages.ts';

export type ImportRole = 'media' | 'json' | 'thumb' | 'subtitle';

export interface ImportFile {
  name: string;
  role: ImportRole;
  /** lower-case extension without the dot */
  ext: string;
  /** subtitle language from `<base>.<lang>.vtt` */
  lang?: string;
  /** channel art kind from `<base>.banner.jpg` / `<base>.tvart.jpg` (ours; upstream has no channel art import) */
  art?: 'banner' | 'tvart';
}

export interface ImportGroup {
  base: string;
  files: ImportFile[];
}

const ROLES: Record<string, ImportRole> = {
  mp4: 'media',
  mkv: 'media',
  webm: 'media',
  json: 'json',
  jpg: 'thumb',
  jpeg: 'thumb',
  png: 'thumb',
  webp: 'thumb',
  vtt: 'subtitle',
};

/** NAS and desktop litter (`@eaDir`, `#recycle`, dotfiles such as `.staging` and `.DS_Store`). */
const IGNORED = /^[.@#]|^(thumbs\.db|desktop\.ini)$/i;

/**
 * The import folder's files grouped into videos (upstream §4.4): the base name is the name without its
 * extension, and without a second extension that is `.info` or a language code (`x.info.json`, `x.en.vtt`
 * → `x`). Files are taken in name order. Upstream groups only neighbouring names; here every file with
 * the same base name joins its group wherever it sorts, which gives the same groups for yt-dlp's names and
 * the right ones for names that sort apart.
 */
export function groupImportFiles(names: string[]): ImportGroup[] {
  const groups = new Map<string, ImportGroup>();
  for (const name of [...names].sort()) {
    const file = classify(name);
    if (!file) continue;
    const base = baseName(name, file);
    const group = groups.get(base) ?? { base, files: [] };
    group.files.push(file);
    groups.set(base, group);
  }
  return [...groups.values()];
}

function classify(name: string): ImportFile | undefined {
  if (IGNORED.test(name) || /\.live_chat\.json$/i.test(name)) return undefined;
  const ext = name.split('.').at(-1)!.toLowerCase();
  const role = name.includes('.') ? ROLES[ext] : undefined;
  if (!role) return undefined;
  const second = name.split('.').at(-2) ?? '';
  const file: ImportFile = { name, role, ext };
  if (role === 'subtitle' && name.split('.').length > 2 && isLanguageCode(second)) file.lang = second;
  if (role === 'thumb' && (second === 'banner' || second === 'tvart')) file.art = second;
  return file;
}

function baseName(name: string, file: ImportFile): string {
  const parts = name.split('.');
  parts.pop();
  if (parts.length > 1) {
    const second = parts.at(-1)!;
    if (
      second.toLowerCase() === 'info' ||
      file.lang === second ||
      file.art === second ||
      isLanguageCode(second)
    ) {
      parts.pop();
    }
  }
  return parts.join('.');
}

/**
 * The video id (upstream §4.4): yt-dlp's `… [<id>]` name, else the last 11 id characters of the name
 * (`-o "%(id)s.%(ext)s"`), else the info JSON's id.
 */
export function detectVideoId(base: string, jsonId: string | undefined): string | undefined {
  const bracketed = /\[([a-zA-Z0-9_-]{11})\]$/.exec(base);
  if (bracketed) return bracketed[1];
  const trailing = /([a-zA-Z0-9_-]{11})$/.exec(base);
  if (trailing) return trailing[1];
  return jsonId || undefined;
}

/** The title a file name implies: the base name without yt-dlp's ` [<id>]`. */
export function titleFromBase(base: string): string {
  return base.replace(/\s*\[[a-zA-Z0-9_-]{11}\]$/, '').trim() || base;
}
