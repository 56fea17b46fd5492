import type { AdminUser } from '@tubekeeper/contract';
import { UserRow } from './user-row.tsx';

interface UsersTableProps {
  users: AdminUser[];
  editable: boolean;
}

export function UsersTable({ users, editable }: UsersTableProps) {
  return (
    <table className="data-table responsive-table">
      <caption className="visually-hidden">Users</caption>
      <thead>
        <tr>
          <th scope="col">Username</th>
          <th scope="col">Role</th>
          <th scope="col">Status</th>
          <th scope="col">Last login</th>
          {editable && <th scope="col">Actions</th>}
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <UserRow key={user.id} user={user} editable={editable} />
        ))}
      </tbody>
    </table>
  );
}
