import type { AdminUser } from '@tubekeeper/contract';
import { UserActions } from './user-actions.tsx';

function roleLabel(user: AdminUser): string {
  if (user.is_superuser) return 'Superuser';
  return user.is_staff ? 'Staff' : 'User';
}

function formatLogin(value: string | null): string {
  return value === null ? 'Never' : new Date(value).toLocaleString();
}

interface UserRowProps {
  user: AdminUser;
  /** Only superusers change users; staff see the same table without the actions. */
  editable: boolean;
}

export function UserRow({ user, editable }: UserRowProps) {
  return (
    <tr>
      <th scope="row" data-label="Username">
        {user.username}
      </th>
      <td data-label="Role">{roleLabel(user)}</td>
      <td data-label="Status">{user.is_active ? 'Active' : 'Disabled'}</td>
      <td data-label="Last login">{formatLogin(user.last_login)}</td>
      {editable && (
        <td data-label="Actions" className="row-actions">
          <UserActions user={user} />
        </td>
      )}
    </tr>
  );
}
