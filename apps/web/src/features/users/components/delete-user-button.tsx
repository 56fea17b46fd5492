import { useState } from 'react';
import type { useDeleteUser } from '../api/delete-user.ts';

interface DeleteUserButtonProps {
  username: string;
  remove: ReturnType<typeof useDeleteUser>;
}

/** Deleting is final, so it takes a second, explicit click. */
export function DeleteUserButton({ username, remove }: DeleteUserButtonProps) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <button type="button" className="button danger" onClick={() => setConfirming(true)}>
        Delete
      </button>
    );
  }
  return (
    <span className="confirm">
      <span>Delete {username}?</span>
      <button
        type="button"
        className="button danger"
        disabled={remove.isPending}
        onClick={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
      >
        Confirm delete
      </button>
      <button type="button" className="button" onClick={() => setConfirming(false)}>
        Cancel
      </button>
    </span>
  );
}
