import type { FormEvent } from 'react';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLogin } from '../api/login.ts';

interface LoginFormProps {
  onSignedIn: () => void;
  /** While the backend cannot be reached a spinner replaces the button (spec §2 Login). */
  backendUnreachable: boolean;
}

/** Spec §8: "Failed to login." plus the server's text, or Unknown Error when it sent none. */
function failureText(error: unknown): string {
  const reason = error instanceof ApiError && error.fromServer ? error.message : 'Unknown Error';
  return `Failed to login. ${reason}`;
}

export function LoginForm({ onSignedIn, backendUnreachable }: LoginFormProps) {
  const login = useLogin();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    login.mutate(
      {
        username: String(form.get('username') ?? ''),
        password: String(form.get('password') ?? ''),
        remember_me: form.get('remember_me') === 'on' ? 'on' : 'off',
      },
      { onSuccess: onSignedIn },
    );
  };

  return (
    <form className="login-form" onSubmit={onSubmit}>
      <label className="field">
        <span>Username</span>
        <input name="username" type="text" autoComplete="username" required maxLength={150} autoFocus />
      </label>
      <label className="field">
        <span>Password</span>
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <label className="checkbox-field">
        <input name="remember_me" type="checkbox" />
        <span>Remember me</span>
      </label>
      {login.isError && <ErrorText>{failureText(login.error)}</ErrorText>}
      {backendUnreachable ? (
        <Spinner label="Waiting for the server" />
      ) : (
        <button type="submit" className="button primary" disabled={login.isPending}>
          Login
        </button>
      )}
    </form>
  );
}
