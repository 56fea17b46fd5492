import {
  SelectQueryNode,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { SqliteDatabase } from 'kysely';

/**
 * SQLite reads beside the writes. Kysely's SQLite driver has one connection behind a mutex, and a
 * transaction holds it from BEGIN to COMMIT, awaiting between its statements: while a download is indexed
 * (its video, subtitle lines and search entries in one transaction) every request of the API, down to the
 * token lookup, waited for it (reads under a download run: p95 2x, p99 3x idle). Here a query built with
 * `selectFrom` outside a transaction runs on a second, read-only connection to the same file, which WAL lets
 * read while the writer writes; it sees every commit, so a write the server answered is in the next read.
 * Everything else (writes, raw SQL, every statement of a transaction) goes through the writer as before.
 */
export class ReadRoutingDriver implements Driver {
  private reader: SqliteDatabase | undefined;

  constructor(
    private readonly writer: Driver,
    private readonly openReader: () => SqliteDatabase,
  ) {}

  init(): Promise<void> {
    return this.writer.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.writer, () => (this.reader ??= this.openReader()));
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const routed = connection as RoutedConnection;
    await this.writer.beginTransaction(await routed.holdWriter(), settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.writer.commitTransaction((connection as RoutedConnection).held());
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.writer.rollbackTransaction((connection as RoutedConnection).held());
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.writer.savepoint!((connection as RoutedConnection).held(), name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.writer.rollbackToSavepoint!((connection as RoutedConnection).held(), name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.writer.releaseSavepoint!((connection as RoutedConnection).held(), name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutedConnection).release();
  }

  async destroy(): Promise<void> {
    this.reader?.close();
    await this.writer.destroy();
  }
}

/** One use of the database: reads on the reader, the rest on the writer (held only as long as needed). */
class RoutedConnection implements DatabaseConnection {
  private writerConnection: DatabaseConnection | undefined;

  constructor(
    private readonly writer: Driver,
    private readonly reader: () => SqliteDatabase,
  ) {}

  /** Takes the writer for the rest of this use (a transaction). */
  async holdWriter(): Promise<DatabaseConnection> {
    this.writerConnection ??= await this.writer.acquireConnection();
    return this.writerConnection;
  }

  held(): DatabaseConnection {
    if (!this.writerConnection) throw new Error('no transaction holds the SQLite writer');
    return this.writerConnection;
  }

  async release(): Promise<void> {
    if (!this.writerConnection) return;
    const connection = this.writerConnection;
    this.writerConnection = undefined;
    await this.writer.releaseConnection(connection);
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.writerConnection) return this.writerConnection.executeQuery<R>(query);
    if (SelectQueryNode.is(query.query)) {
      const statement = this.reader().prepare(query.sql);
      return { rows: statement.all(query.parameters) as R[] };
    }
    // a write on its own: the writer for this one statement
    const connection = await this.writer.acquireConnection();
    try {
      return await connection.executeQuery<R>(query);
    } finally {
      await this.writer.releaseConnection(connection);
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    const connection = await this.holdWriter();
    yield* connection.streamQuery<R>(query, chunkSize);
  }
}
