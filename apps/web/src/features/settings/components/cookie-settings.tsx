import { useId, useState, type FormEvent } from 'react';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCookieAction, useCookieState } from '../api/cookie.ts';
import { SavedMark, useSavedMark } from './saved-mark.tsx';
import { SettingRow } from './setting-row.tsx';

/**
 * Spec §2 Cookie: whether a cookie is in use and when it was last validated; Revoke, Validate, and
 * Update Cookie (a 4-row textarea with Submit and Cancel). The server refuses a cookie that does not
 * validate, and says so.
 */
export function CookieSettings() {
  const id = useId();
  const state = useCookieState();
  const action = useCookieAction();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [saved, flash] = useSavedMark();
  const run = (request: Parameters<typeof action.mutate>[0], after?: () => void) =>
    action.mutate(request, {
      onSuccess: () => {
        flash();
        after?.();
      },
    });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    run({ action: 'update', cookie: text }, () => {
      setEditing(false);
      setText('');
    });
  };
  const cookie = state.data;
  return (
    <SettingRow
      label="Cookie"
      help="Import your YouTube cookie (Netscape format, as browser extensions export cookies.txt) to download what needs a signed-in account. It is shared by all users and validated against your Liked videos."
      error={action.error ?? state.error}
    >
      {state.isPending && <Spinner label="Loading the cookie state" />}
      {cookie && (
        <div className="cookie-state">
          <p>
            Cookie enabled: <strong>{cookie.cookie_enabled ? 'yes' : 'no'}</strong>
            {cookie.validated_str && (
              <>
                {' '}
                | Last validation {cookie.validated_str}:{' '}
                <strong className={cookie.status ? 'success-text' : 'danger-text'}>
                  {cookie.status ? 'valid' : cookie.message ? 'not validated' : 'not valid'}
                </strong>
              </>
            )}
          </p>
          {cookie.message && <p className="danger-text">{cookie.message}</p>}
          <div className="button-row">
            {cookie.cookie_enabled && (
              <>
                <button
                  type="button"
                  className="button danger"
                  disabled={action.isPending}
                  onClick={() => run({ action: 'revoke' })}
                >
                  Revoke
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={action.isPending}
                  onClick={() => run({ action: 'validate' })}
                >
                  Validate
                </button>
              </>
            )}
            {!editing && (
              <button type="button" className="button" onClick={() => setEditing(true)}>
                Update Cookie
              </button>
            )}
            <SavedMark shown={saved} />
          </div>
        </div>
      )}
      {editing && (
        <form className="settings-textarea-form" onSubmit={onSubmit}>
          <label htmlFor={id} className="visually-hidden">
            Cookie in Netscape format
          </label>
          <textarea id={id} rows={4} value={text} onChange={(event) => setText(event.target.value)} />
          <div className="button-row">
            <button type="submit" className="button primary" disabled={action.isPending || !text.trim()}>
              Submit
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setEditing(false);
                setText('');
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      {action.isError && <ErrorText>{errorMessage(action.error)}</ErrorText>}
    </SettingRow>
  );
}
