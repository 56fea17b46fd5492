import { createHash, randomBytes } from 'node:crypto';
import type { UserRow } from '../db/tables.ts';
import { AppError, tooManyRequests } from '../errors.ts';
import type { SessionRepository } from '../repositories/session.repository.ts';
import type { TokenRepository } from '../repositories/token.repository.ts';
import type { UserRepository } from '../repositories/user.repository.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './password.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Django's expiry rules: 365 days with "remember me", otherwise the server drops the session after 2 days. */
export const REMEMBER_ME_MS = 365 * DAY_MS;
export const BROWSER_SESSION_MS = 2 * DAY_MS;

export interface NewSession {
  key: string;
  /** Cookie max-age in seconds, or undefined for a browser-session cookie. */
  cookieMaxAge: number | undefined;
}

const throttled = (seconds: number) =>
  tooManyRequests(`Too many failed login attempts. Try again in ${seconds} seconds.`, seconds);

let standIn: Promise<string> | undefined;
/** A hash of a random password with today's parameters, made once per process. */
function standInHash(): Promise<string> {
  standIn ??= hashPassword(randomBytes(16).toString('hex'));
  return standIn;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** Sessions are stored by the sha256 of their cookie value. */
export const sessionKeyHash = sha256;

export class AuthService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly tokens: TokenRepository,
    private readonly throttle: LoginThrottle,
  ) {}

  async login(username: string, password: string, rememberMe: boolean, address: string): Promise<NewSession> {
    // counted before the password is checked (a success takes it back), so attempts sent at once cannot
    // all pass while the others are being hashed
    const wait = await this.throttle.admit(address, username);
    if (wait > 0) throw throttled(wait);
    const user = await this.users.findByUsername(username);
    // The hash runs for unknown and disabled users too, against a stand-in hash of the same cost, so the
    // answer's timing does not tell which usernames exist.
    const matches = await verifyPassword(password, user?.password_hash ?? (await standInHash()));
    if (!user || user.is_active !== 1 || !matches) {
      const addressWait = await this.throttle.recordFailure(address);
      if (addressWait > 0) throw throttled(addressWait);
      throw new AppError(400, 'Invalid credentials');
    }
    await this.throttle.recordSuccess(address, username);
    const now = Date.now();
    const key = randomBytes(32).toString('base64url');
    const lifetime = rememberMe ? REMEMBER_ME_MS : BROWSER_SESSION_MS;
    await this.sessions.insert(sha256(key), user.id, now, now + lifetime);
    await this.users.update(user.id, { last_login: now });
    return { key, cookieMaxAge: rememberMe ? lifetime / 1000 : undefined };
  }

  async logout(sessionKey: string): Promise<void> {
    await this.sessions.delete(sha256(sessionKey));
  }

  /** The active user behind a session cookie, or undefined (expired, unknown or disabled). */
  async userForSession(sessionKey: string): Promise<UserRow | undefined> {
    const found = await this.users.findBySession(sha256(sessionKey));
    if (!found) return undefined;
    const { session_expires_at: expiresAt, ...user } = found;
    if (expiresAt <= Date.now()) {
      await this.sessions.delete(sha256(sessionKey));
      return undefined;
    }
    return user.is_active === 1 ? user : undefined;
  }

  async userForToken(tokenKey: string): Promise<UserRow | undefined> {
    const user = await this.users.findByToken(tokenKey);
    return user && user.is_active === 1 ? user : undefined;
  }

  /** Upstream creates the API token on first read. */
  async getOrCreateToken(userId: number): Promise<string> {
    const existing = await this.tokens.findKeyForUser(userId);
    if (existing) return existing;
    const key = randomBytes(20).toString('hex');
    await this.tokens.insert(userId, key, Date.now());
    return key;
  }

  async revokeToken(userId: number): Promise<void> {
    await this.tokens.deleteForUser(userId);
  }
}
