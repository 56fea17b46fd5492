import { adminUserCreate } from '@tubekeeper/contract';
import type { Container } from '../container.ts';
import { AppError } from '../errors.ts';
import { generatePassword } from '../services/password.ts';

interface UserFlags {
  password?: string | undefined;
  staff?: boolean | undefined;
  superuser?: boolean | undefined;
}

/** `tubekeeper user list|create|passwd|delete`, using the same rules as the user-management page. */
export async function runUserCommand(
  container: Container,
  args: string[],
  flags: UserFlags,
): Promise<number> {
  const [action, username] = args;
  const { userAdmin } = container;
  try {
    if (action === 'list') {
      for (const u of await userAdmin.list()) {
        const roles = [
          u.is_superuser && 'superuser',
          u.is_staff && 'staff',
          !u.is_active && 'disabled',
        ].filter(Boolean);
        console.log(`${u.id}\t${u.username}\t${roles.join(',') || 'user'}`);
      }
      return 0;
    }
    if (!username) {
      console.error(`Usage: tubekeeper user ${action ?? '<list|create|passwd|delete>'} <name>`);
      return 2;
    }
    const password = flags.password ?? generatePassword();
    if (action === 'create') {
      const input = adminUserCreate.parse({
        username,
        password,
        is_staff: flags.staff ?? false,
        is_superuser: flags.superuser ?? false,
      });
      const user = await userAdmin.create(input);
      console.log(`Created ${user.username}${flags.password ? '' : ` with password ${password}`}`);
      return 0;
    }
    const user = await userAdmin.findByUsername(username);
    if (action === 'passwd') {
      await userAdmin.update(user.id, { password });
      console.log(`Password of ${username} changed${flags.password ? '' : ` to ${password}`}`);
      return 0;
    }
    if (action === 'delete') {
      await userAdmin.delete(user.id);
      console.log(`Deleted ${username}`);
      return 0;
    }
    console.error(`Unknown user action: ${action}`);
    return 2;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}
