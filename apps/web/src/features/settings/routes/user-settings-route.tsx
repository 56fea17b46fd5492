import { Link } from 'react-router';
import { isStaff, useAccount } from '../../session/index.ts';
import { ColorSchemeField } from '../components/color-scheme-field.tsx';
import { FileSizeUnitField } from '../components/file-size-unit-field.tsx';
import { HelpTextField } from '../components/help-text-field.tsx';
import { PageSizeField } from '../components/page-size-field.tsx';

/** Spec §2 Settings: User. Every field saves on its own through POST /api/user/me/. */
export function UserSettingsRoute() {
  const account = useAccount();
  return (
    <section>
      <h1>User Configurations</h1>
      <div className="settings-group">
        <h2>Stylesheet</h2>
        <ColorSchemeField />
      </div>
      <div className="settings-group">
        <h2>Archive View</h2>
        <PageSizeField />
        <FileSizeUnitField />
        <HelpTextField />
      </div>
      {isStaff(account) && (
        <div className="settings-group">
          <h2>Users</h2>
          <p>
            <Link to="/settings/users/">User Management</Link>: add users, set roles, reset passwords.
          </p>
        </div>
      )}
    </section>
  );
}
