import type pg from 'pg';

/**
 * Statement shapes a connection keeps prepared. The app runs a few dozen shapes over and over; rarer ones
 * (a long `IN (…)` list, a bulk insert of an odd row count) come later and run unnamed, as before. There is
 * no eviction: DEALLOCATE would be a round trip, and a shape that makes it in early is a hot one.
 */
const PREPARED_PER_CONNECTION = 200;

/** Names by statement text, shared by every connection of the process (each prepares its own). */
const names = new Map<string, string>();
const NAMES_MAX = 2_000;

type Query = (...args: unknown[]) => unknown;

/**
 * Kysely's PostgreSQL driver sends every query unnamed, so the server parses and plans it anew each time.
 * Planning the list's records query (a join, two correlated subqueries, ~50 columns) cost 0.6 ms of the
 * server's 0.9 ms per list page, where its generic plan, kept with a named statement, is planned once
 * (measured with EXPLAIN on the 100 000-video bench archive: 0.6 ms planning → 0.005 ms). So each
 * connection prepares the statements it runs under a name derived from their text (node-postgres sends
 * Parse once per connection and name, then only Bind/Execute). PostgreSQL itself decides per statement
 * between the generic plan and planning for the values (plan_cache_mode auto), so a value whose best plan
 * differs still gets it. Only single statements with parameters are named (migrations, with several
 * statements in one text, and parameterless statements run as before); a schema change while a process
 * runs is a migration, which runs before the pool serves anything.
 */
export function prepareStatementsOf(client: pg.PoolClient): void {
  const prepared = new Set<string>();
  const query = client.query.bind(client) as Query;
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || text.includes(';'))
      return query(...args);
    let name = names.get(text);
    if (name === undefined && names.size < NAMES_MAX) {
      name = `tk${names.size + 1}`;
      names.set(text, name);
    }
    if (name === undefined || (!prepared.has(name) && prepared.size >= PREPARED_PER_CONNECTION))
      return query(...args);
    prepared.add(name);
    return query({ name, text, values }, ...args.slice(2));
  };
}
