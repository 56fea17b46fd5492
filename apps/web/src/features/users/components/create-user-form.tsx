import { useState, type FormEvent } from 'react';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateUser } from '../api/create-user.ts';

export function CreateUserForm() {
  const create = useCreateUser();
  const [created, setCreated] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setCreated(null);
    create.mutate(
      {
        username: String(form.get('username') ?? '').trim(),
        password: String(form.get('password') ?? ''),
        is_staff: form.get('is_staff') === 'on',
        is_superuser: form.get('is_superuser') === 'on',
      },
      {
        onSuccess: (user) => {
          formElement.reset();
          setCreated(user.username);
        },
      },
    );
  };

  return (
    <form className="create-user-form" onSubmit={onSubmit} aria-labelledby="create-user-title">
      <h2 id="create-user-title">Add a user</h2>
      <div className="form-grid">
        <label className="field">
          <span>Username</span>
          <input name="username" type="text" autoComplete="off" required maxLength={150} />
        </label>
        <label className="field">
          <span>Password</span>
          <input name="password" type="password" autoComplete="new-password" required minLength={8} />
        </label>
      </div>
      <div className="checkbox-row">
        <label className="checkbox-field">
          <input name="is_staff" type="checkbox" />
          <span>Staff</span>
        </label>
        <label className="checkbox-field">
          <input name="is_superuser" type="checkbox" />
          <span>Superuser</span>
        </label>
      </div>
      {create.isError && <ErrorText>{errorMessage(create.error)}</ErrorText>}
      {created && (
        <p className="success-text" role="status">
          Created user {created}.
        </p>
      )}
      <button type="submit" className="button primary" disabled={create.isPending}>
        Create user
      </button>
    </form>
  );
}
