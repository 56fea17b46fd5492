import type { AdminUser, AdminUserCreate, AdminUserUpdate } from '@tubekeeper/contract';
import type { UserRow } from '../db/tables.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import type { SessionRepository } from '../repositories/session.repository.ts';
import type { TokenRepository } from '../repositories/token.repository.ts';
import type { UserRepository } from '../repositories/user.repository.ts';
import { sessionKeyHash } from './auth.service.ts';
import { hashPassword } from './password.ts';
import type { RecentCredentials } from './recent-credentials.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    is_staff: row.is_staff === 1,
    is_superuser: row.is_superuser === 1,
    is_active: row.is_active === 1,
    date_joined: new Date(row.date_joined).toISOString(),
    last_login: iso(row.last_login),
  };
}

/** User management (the admin page and the `tubekeeper user` CLI share these rules). */
export class UserAdminService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly tokens: TokenRepository,
    /** users the API reuses for reads: forgotten after every change here (the CLI's own are empty) */
    private readonly recentCredentials?: RecentCredentials,
  ) {}

  async list(): Promise<AdminUser[]> {
    return (await this.users.list()).map(toAdminUser);
  }

  async create(input: AdminUserCreate): Promise<AdminUser> {
    if (await this.users.findByUsername(input.username)) {
      throw conflict(`A user named ${input.username} already exists`);
    }
    // A superuser is staff too, as with Django's createsuperuser.
    const superuser = input.is_superuser === true;
    const row = await this.users.insert({
      username: input.username,
      password_hash: await hashPassword(input.password),
      is_staff: superuser || input.is_staff ? 1 : 0,
      is_superuser: superuser ? 1 : 0,
      is_active: 1,
      date_joined: Date.now(),
      last_login: null,
    });
    return toAdminUser(row);
  }

  /**
   * `keepSessionKey`: the session making the change, kept when users set their own new password so they
   * stay signed in where they did it.
   */
  async update(id: number, changes: AdminUserUpdate, keepSessionKey?: string): Promise<AdminUser> {
    const user = await this.require(id);
    const losesSuperuser =
      user.is_superuser === 1 &&
      user.is_active === 1 &&
      (changes.is_superuser === false || changes.is_active === false);
    if (losesSuperuser) await this.assertAnotherSuperuser();
    // A superuser is always staff too (as createsuperuser makes them), so the two flags never disagree.
    const superuserAfter = changes.is_superuser ?? user.is_superuser === 1;
    const staffAfter = superuserAfter || (changes.is_staff ?? user.is_staff === 1);
    await this.users.update(id, {
      is_staff: staffAfter ? 1 : 0,
      ...(changes.is_superuser !== undefined && { is_superuser: changes.is_superuser ? 1 : 0 }),
      ...(changes.is_active !== undefined && { is_active: changes.is_active ? 1 : 0 }),
      ...(changes.password !== undefined && { password_hash: await hashPassword(changes.password) }),
    });
    // Disabling or a new password ends every session and API token of that user at once: a password
    // is reset because someone else may know it, and the token is as good as the password.
    if (changes.is_active === false) {
      await this.sessions.deleteForUser(id);
      await this.tokens.deleteForUser(id);
    } else if (changes.password !== undefined) {
      await this.sessions.deleteForUser(id, keepSessionKey && sessionKeyHash(keepSessionKey));
      await this.tokens.deleteForUser(id);
    }
    this.recentCredentials?.forget();
    return toAdminUser(await this.require(id));
  }

  async delete(id: number): Promise<void> {
    const user = await this.require(id);
    if (user.is_superuser === 1 && user.is_active === 1) await this.assertAnotherSuperuser();
    await this.users.delete(id);
    this.recentCredentials?.forget();
  }

  async findByUsername(username: string): Promise<AdminUser> {
    const user = await this.users.findByUsername(username);
    if (!user) throw notFound(`No user named ${username}`);
    return toAdminUser(user);
  }

  private async require(id: number): Promise<UserRow> {
    const user = await this.users.findById(id);
    if (!user) throw notFound('user not found');
    return user;
  }

  private async assertAnotherSuperuser(): Promise<void> {
    if ((await this.users.countActiveSuperusers()) <= 1) {
      throw badRequest('The last active superuser cannot be removed, disabled or demoted');
    }
  }
}
