import { ErrorText } from '../../../components/ui/error-text.tsx';
import { ApiError } from '../../../lib/api-client.ts';

/** Spec §8: a schedule save failure reads "Error" with the status and message, else a fixed text. */
export function ScheduleError({ error }: { error: unknown }) {
  if (error == null) return null;
  const text =
    error instanceof ApiError && error.status > 0 && error.message
      ? `Error ${error.status}: ${error.message}`
      : 'An unexpected error occurred.';
  return <ErrorText>{text}</ErrorText>;
}
