import type { UserRepository } from '../repositories/user.repository.ts';
import { generatePassword } from './password.ts';
import type { UserAdminService } from './user-admin.service.ts';

export interface InitialAdmin {
  username: string;
  /** Set only when the password was generated and must be shown once. */
  generatedPassword?: string;
}

/** On first start with no user, create a superuser from TK_ADMIN_* or `admin` with a generated password. */
export async function ensureInitialAdmin(
  users: UserRepository,
  admin: UserAdminService,
  username: string | undefined,
  password: string | undefined,
): Promise<InitialAdmin | undefined> {
  if ((await users.count()) > 0) return undefined;
  const name = username ?? 'admin';
  const generated = password ? undefined : generatePassword();
  await admin.create({
    username: name,
    password: password ?? generated!,
    is_superuser: true,
    is_staff: true,
  });
  return { username: name, ...(generated && { generatedPassword: generated }) };
}
