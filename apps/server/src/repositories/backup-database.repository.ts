import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { openSqlite, openSqliteReader, type DatabaseHandle } from '../db/dialect.ts';
import { migrateToLatest } from '../db/migrator.ts';
import { BackupReadRepository } from './backup-read.repository.ts';
import { BackupWriteRepository } from './backup-write.repository.ts';

/**
 * The database sides of backups and snapshots: a consistent view to read a whole backup from, the
 * transaction a restore writes in, and SQLite's online file copy.
 */
export class BackupDatabase {
  constructor(private readonly handle: DatabaseHandle) {}

  get engine() {
    return this.handle.engine;
  }

  /**
   * Runs `read` on one consistent view of the archive. PostgreSQL: one REPEATABLE READ transaction.
   * SQLite: a read transaction on a connection of its own, so the server keeps writing meanwhile (WAL).
   */
  async read<T>(read: (repository: BackupReadRepository) => Promise<T>): Promise<T> {
    if (this.handle.engine === 'postgres') {
      return this.handle.db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute((trx) => read(new BackupReadRepository(trx)));
    }
    const reader = openSqliteReader(this.sqliteFile());
    try {
      return await reader.db.transaction().execute((trx) => read(new BackupReadRepository(trx)));
    } finally {
      await reader.close();
    }
  }

  /** Runs `write` in one transaction: a restore that fails leaves the archive as it was. */
  write<T>(write: (repository: BackupWriteRepository) => Promise<T>): Promise<T> {
    return this.handle.db.transaction().execute((trx) => write(new BackupWriteRepository(trx)));
  }

  /** SQLite's online backup of the live file into `target` (the server keeps running). */
  async copySqliteTo(target: string): Promise<void> {
    const source = new SQLite(this.sqliteFile(), { readonly: true, fileMustExist: true });
    try {
      await source.backup(target);
    } finally {
      source.close();
    }
  }

  /**
   * Reads an SQLite copy (a snapshot): copied again to a scratch file and brought to the current schema
   * first, so an old snapshot reads like a new one and the kept copy is never changed.
   */
  async readSqliteCopy<T>(
    file: string,
    scratch: string,
    read: (repository: BackupReadRepository) => Promise<T>,
  ): Promise<T> {
    fs.copyFileSync(file, scratch);
    const copy = openSqlite(scratch);
    try {
      await migrateToLatest(copy.db, copy.engine);
      return await read(new BackupReadRepository(copy.db));
    } finally {
      await copy.close();
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${scratch}${suffix}`, { force: true });
    }
  }

  private sqliteFile(): string {
    if (!this.handle.file) throw new Error('the SQLite database file is not known');
    return this.handle.file;
  }
}
