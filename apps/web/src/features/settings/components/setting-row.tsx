import type { ReactNode } from 'react';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUserConfig } from '../../session/index.ts';

interface SettingRowProps {
  label: string;
  /** id of the control, so the label names it. Omit for controls that carry their own label. */
  htmlFor?: string;
  /** Shown only while the user's "Show help text" setting is on (spec §2 Settings: Application). */
  help?: ReactNode;
  error?: unknown;
  children: ReactNode;
}

export function SettingRow({ label, htmlFor, help, error, children }: SettingRowProps) {
  const { show_help_text: showHelp } = useUserConfig();
  return (
    <div className="setting-row">
      <div className="setting-label">
        {htmlFor ? <label htmlFor={htmlFor}>{label}</label> : <span>{label}</span>}
        {showHelp && help && <p className="help-text">{help}</p>}
      </div>
      <div className="setting-control">
        {children}
        {error != null && <ErrorText>{errorMessage(error)}</ErrorText>}
      </div>
    </div>
  );
}
