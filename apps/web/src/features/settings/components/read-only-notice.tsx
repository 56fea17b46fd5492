import { ErrorText } from '../../../components/ui/error-text.tsx';
import { useReadOnlyReason } from '../api/server-health.ts';

/** The dashboard's notice while the server is read-only: what happened and that it recovers by itself. */
export function ReadOnlyNotice() {
  const reason = useReadOnlyReason();
  return reason ? <ErrorText>{reason}</ErrorText> : null;
}
