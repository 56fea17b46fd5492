import type { UserRow } from '../db/tables.ts';
import { ReuseWindow } from './reuse-window.ts';

/**
 * How long a read (GET, HEAD) may reuse the user a token or session resolved to moments before. A player asks
 * for many ranges of one file, and the lookup behind each was a tenth of a Range request's work; on
 * PostgreSQL the lookup is a round trip that doubled the cost of the lightest API read (`/api/ping/` at 32
 * clients: 0.115 ms of server CPU a request on SQLite, 0.24 ms on PostgreSQL). Writes always look up.
 */
export const CREDENTIAL_REUSE_MS = 2_000;

/**
 * Users found for a credential ("token:<key>", "session:<key>") in the last CREDENTIAL_REUSE_MS. Everything in
 * this process that changes a credential or a user forgets them all at once (the auth plugin after any write
 * request, the user administration, a restore), so a revoked credential stops working at once; a change made
 * by another process (the `user` CLI, another API process of a scaled-out deployment) reaches reads within
 * CREDENTIAL_REUSE_MS.
 */
export class RecentCredentials {
  private readonly window: ReuseWindow<string, UserRow>;

  constructor(now?: () => number) {
    this.window = new ReuseWindow<string, UserRow>(CREDENTIAL_REUSE_MS, now);
  }

  /** The user found for `credential` moments ago, or what `lookup` finds (kept only when found). */
  userFor(credential: string, lookup: () => Promise<UserRow | undefined>): Promise<UserRow | undefined> {
    return this.window.remember(credential, lookup);
  }

  /** Drops every kept user, and voids lookups under way. */
  forget(): void {
    this.window.forget();
  }
}
