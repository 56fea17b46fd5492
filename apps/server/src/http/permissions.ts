import type { UserRow } from '../db/tables.ts';

/**
 * Who may call a route, declared next to it in `config.permission`:
 * - public: anyone, signed in or not;
 * - authenticated: any signed-in user (the default when a route declares nothing);
 * - adminWrite: reads for any signed-in user, writes for staff (upstream AdminWriteOnly);
 * - adminOnly: staff for every method (upstream AdminOnly);
 * - superuserWrite: reads for staff, writes for superusers (user management).
 */
export type Permission = 'public' | 'authenticated' | 'adminWrite' | 'adminOnly' | 'superuserWrite';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const isSafeMethod = (method: string) => SAFE_METHODS.has(method);

/** Upstream's admin check is is_staff; a superuser is staff here too. */
export const isAdmin = (user: UserRow) => user.is_staff === 1 || user.is_superuser === 1;

export type Decision = 'allow' | 'unauthenticated' | 'forbidden';

export function decide(permission: Permission, user: UserRow | null, method: string): Decision {
  if (permission === 'public') return 'allow';
  if (!user) return 'unauthenticated';
  const safe = isSafeMethod(method);
  switch (permission) {
    case 'authenticated':
      return 'allow';
    case 'adminWrite':
      return safe || isAdmin(user) ? 'allow' : 'forbidden';
    case 'adminOnly':
      return isAdmin(user) ? 'allow' : 'forbidden';
    case 'superuserWrite':
      if (!isAdmin(user)) return 'forbidden';
      return safe || user.is_superuser === 1 ? 'allow' : 'forbidden';
  }
}
