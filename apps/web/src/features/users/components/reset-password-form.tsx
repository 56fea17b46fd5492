import { useId, type FormEvent } from 'react';
import type { useUpdateUser } from '../api/update-user.ts';

interface ResetPasswordFormProps {
  username: string;
  update: ReturnType<typeof useUpdateUser>;
  onSaved: () => void;
  onCancel: () => void;
}

/** Inline in the row: a new password replaces the old one and ends that user's sessions. */
export function ResetPasswordForm({ username, update, onSaved, onCancel }: ResetPasswordFormProps) {
  const id = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    update.mutate({ password }, { onSuccess: onSaved });
  };

  return (
    <form className="inline-form" onSubmit={onSubmit}>
      <label htmlFor={id} className="visually-hidden">
        New password for {username}
      </label>
      <input
        id={id}
        name="password"
        type="password"
        autoComplete="new-password"
        placeholder="New password"
        required
        minLength={8}
        autoFocus
      />
      <button type="submit" className="button primary" disabled={update.isPending}>
        Save password
      </button>
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
