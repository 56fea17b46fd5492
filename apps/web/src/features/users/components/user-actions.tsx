import type { AdminUser } from '@tubekeeper/contract';
import { useState } from 'react';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { DeleteUserButton } from './delete-user-button.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

/** Role, status, password and delete controls of one user; the server's refusals show below them. */
export function UserActions({ user }: { user: AdminUser }) {
  const update = useUpdateUser(user.id);
  const remove = useDeleteUser(user.id);
  const [resetting, setResetting] = useState(false);
  const [passwordChanged, setPasswordChanged] = useState(false);
  const error = update.error ?? remove.error;

  return (
    <>
      <div className="button-row">
        <button
          type="button"
          className="button"
          disabled={update.isPending || user.is_superuser}
          title={user.is_superuser ? 'A superuser is always staff' : undefined}
          onClick={() => update.mutate({ is_staff: !user.is_staff })}
        >
          {user.is_staff ? 'Remove staff' : 'Make staff'}
        </button>
        <button
          type="button"
          className="button"
          disabled={update.isPending}
          // A new superuser is made staff too, as when creating one.
          onClick={() =>
            update.mutate(
              user.is_superuser ? { is_superuser: false } : { is_superuser: true, is_staff: true },
            )
          }
        >
          {user.is_superuser ? 'Remove superuser' : 'Make superuser'}
        </button>
        <button
          type="button"
          className="button"
          disabled={update.isPending}
          onClick={() => update.mutate({ is_active: !user.is_active })}
        >
          {user.is_active ? 'Disable' : 'Enable'}
        </button>
        {!resetting && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setPasswordChanged(false);
              setResetting(true);
            }}
          >
            Reset password
          </button>
        )}
        <DeleteUserButton username={user.username} remove={remove} />
      </div>
      {resetting && (
        <ResetPasswordForm
          username={user.username}
          update={update}
          onSaved={() => {
            setResetting(false);
            setPasswordChanged(true);
          }}
          onCancel={() => setResetting(false)}
        />
      )}
      {passwordChanged && (
        <p className="success-text" role="status">
          Password changed; {user.username} must sign in again.
        </p>
      )}
      {error && <ErrorText>{errorMessage(error)}</ErrorText>}
    </>
  );
}
