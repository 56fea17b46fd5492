import type SQLite from 'better-sqlite3';
import type { SqliteStatement } from 'kysely';

/** Reads returning at least this many columns take the array path; narrower rows gain less than the check costs. */
const WIDE_ROW_COLUMNS = 8;

type RowBuilder = (values: unknown[]) => Record<string, unknown>;

/**
 * better-sqlite3 builds each row object key by key through V8's API, about 0.7 µs a value: a list page's
 * records (12 rows of 40 columns) cost ~300 µs of CPU that way, half of a page's whole cost on SQLite
 * (issue 19). Read as arrays (`raw`), the same rows cost half, and an object literal of fixed keys, made
 * once per column list, turns them into the same objects in a few µs. Only reads of wide rows take this
 * path; `null` when the statement does not qualify.
 *
 * The column list is tied to the schema: SQLite re-prepares a kept statement after a schema change, and
 * `select *` may then return other columns. The statement only knows its new columns once a run has
 * re-prepared it, so the schema cookie (`pragma schema_version`, ~3 µs) is read after each run, and the
 * builder made again from the statement when it moved: a migration or a table rebuild between two runs
 * never puts a value under another column's name.
 */
export function wideRowReader(
  statement: SQLite.Statement,
  schemaVersion: () => number,
): SqliteStatement | null {
  if (!statement.reader) return null;
  const names = columnNames(statement);
  if (names.length < WIDE_ROW_COLUMNS || names.includes('__proto__')) return null;
  statement.raw(true);
  let version = schemaVersion();
  let build = rowBuilder(names);
  const builderAfterRun = () => {
    const now = schemaVersion();
    if (now !== version) {
      version = now;
      build = rowBuilder(columnNames(statement));
    }
    return build;
  };
  return {
    reader: true,
    all(parameters) {
      const rows = statement.all(parameters) as unknown[][];
      const rowOf = builderAfterRun();
      return rows.map(rowOf);
    },
    *iterate(parameters) {
      const rows = statement.iterate(parameters) as IterableIterator<unknown[]>;
      const first = rows.next();
      if (first.done) return;
      const rowOf = builderAfterRun();
      yield rowOf(first.value);
      for (const values of rows) yield rowOf(values);
    },
    run: (parameters) => statement.run(parameters),
  };
}

const columnNames = (statement: SQLite.Statement) => statement.columns().map((column) => column.name);

/**
 * `(values) => ({ "a": values[0], "b": values[1], … })`: every row gets one hidden class, built in one step.
 * A name given twice keeps its last value, as better-sqlite3's objects do. Names come from our own SQL and
 * are written as JSON string literals, so no name can be read as code.
 */
function rowBuilder(names: string[]): RowBuilder {
  const fields = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`).join(', ');
  return new Function('values', `return { ${fields} };`) as RowBuilder;
}
