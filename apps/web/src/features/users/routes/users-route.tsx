import { ErrorText } from '../../../components/ui/error-text.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { isStaff, useAccount } from '../../session/index.ts';
import { useUsers } from '../api/list-users.ts';
import { CreateUserForm } from '../components/create-user-form.tsx';
import { UsersTable } from '../components/users-table.tsx';

/** User management: staff read the list, superusers change it (the server enforces the same). */
function UserManagement({ editable }: { editable: boolean }) {
  const users = useUsers();
  return (
    <>
      {!editable && <p className="muted">Only a superuser can add or change users; you can see the list.</p>}
      {users.isPending && <Spinner label="Loading users" />}
      {users.isError && <ErrorText>{errorMessage(users.error)}</ErrorText>}
      {users.data && <UsersTable users={users.data} editable={editable} />}
      {editable && <CreateUserForm />}
    </>
  );
}

export function UsersRoute() {
  const account = useAccount();
  return (
    <section>
      <h1>User Management</h1>
      {isStaff(account) ? (
        <UserManagement editable={account.is_superuser} />
      ) : (
        // Asking the server anyway would answer 403, which signs the user out (spec §4).
        <p>User management is available to staff accounts only.</p>
      )}
    </section>
  );
}
