import type { OpenZip } from '../../repositories/backup-zip.repository.ts';
import type { BackupPage } from './backup-export.ts';
import { EXTRAS, INDEXES, parsePartName } from './backup-format.ts';
import { objectOf } from './backup-values.ts';

/** One document of a backup: its id (ta_config: `appsettings`, `user_<id>`, …) and its body. */
export interface BackupDoc {
  id: string;
  doc: Record<string, unknown>;
}

/** A run of documents of one file kind (`es_video`, `tk_users`), in the order a restore takes them. */
export interface DocPage {
  name: string;
  docs: BackupDoc[];
}

/** The order a restore reads the parts in: each index after the ones its rows point at. */
const ORDER = [
  ...INDEXES.filter((i) => i !== 'subtitle' && i !== 'comment').map((i) => `es_${i}`),
  'es_comment',
  'es_subtitle',
  ...EXTRAS.map((e) => `tk_${e}`),
];

/** Documents per page handed on, whatever the size of the file they come from. */
const CHUNK = 1000;

/** Thrown for content that is not a backup's: the restore stops before changing anything. */
export class BrokenBackupError extends Error {}

/** The parts of a zip in restore order (pages by number), as pages of parsed documents. */
export async function* zipDocuments(zip: OpenZip): AsyncGenerator<DocPage> {
  const parts = zip.names
    .map((file) => ({ file, part: parsePartName(file) }))
    .filter((p) => p.part && ORDER.includes(`${p.part.kind}_${p.part.name}`))
    .sort(
      (a, b) =>
        ORDER.indexOf(`${a.part!.kind}_${a.part!.name}`) - ORDER.indexOf(`${b.part!.kind}_${b.part!.name}`) ||
        a.part!.page - b.part!.page,
    );
  for (const { file, part } of parts) {
    const name = `${part!.kind}_${part!.name}`;
    let docs: BackupDoc[] = [];
    let action: string | undefined;
    let lineNo = 0;
    let handedOn = false;
    for await (const line of zip.lines(file)) {
      lineNo += 1;
      const value = parseLine(line, file, lineNo);
      if (part!.kind === 'tk') docs.push({ id: '', doc: value });
      else if (action === undefined) action = actionId(value, file, lineNo);
      else {
        docs.push({ id: action, doc: value });
        action = undefined;
      }
      if (docs.length >= CHUNK) {
        yield { name, docs };
        docs = [];
        handedOn = true;
      }
    }
    if (action !== undefined) throw new BrokenBackupError(`${file}: the last action has no document`);
    // an empty extra still says "replace ours with nothing" (no schedules, an empty blocklist)
    if (docs.length > 0 || !handedOn) yield { name, docs };
  }
}

/** The pages an export produces, parsed back (a snapshot restored through the same path as a zip). */
export async function* exportedDocuments(pages: AsyncIterable<BackupPage>): AsyncGenerator<DocPage> {
  // the export writes its parts in restore order already
  for await (const page of pages) {
    const docs: BackupDoc[] = [];
    if (page.name.startsWith('tk_'))
      for (const line of page.lines) docs.push({ id: '', doc: JSON.parse(line) });
    else {
      for (let i = 0; i + 1 < page.lines.length; i += 2) {
        docs.push({
          id: actionId(JSON.parse(page.lines[i]!), page.name, i + 1),
          doc: JSON.parse(page.lines[i + 1]!),
        });
      }
    }
    yield { name: page.name, docs };
  }
}

function parseLine(line: string, file: string, lineNo: number): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new BrokenBackupError(`${file} line ${lineNo} is not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BrokenBackupError(`${file} line ${lineNo} is not a JSON object`);
  }
  return value as Record<string, unknown>;
}

/** The `_id` of a bulk action line (`index` or `create`). */
function actionId(value: unknown, file: string, lineNo: number): string {
  const body = objectOf(value);
  const action = objectOf(body.index ?? body.create);
  if (typeof action._id !== 'string' || action._id === '') {
    throw new BrokenBackupError(`${file} line ${lineNo} is not a bulk action with an _id`);
  }
  return action._id;
}
