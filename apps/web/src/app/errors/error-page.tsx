import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MessagePage } from '../../components/ui/message-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';

/** errorElement of every route (spec §2): the generic Oops page, with the detail for bug reports. */
export function ErrorPage() {
  const error = useRouteError();
  // A loader that throws a 404 response means "no such thing", which has its own page.
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <MessagePage title="Oops">
      <p>Sorry, an unexpected error has occurred.</p>
      {detail && (
        <p className="muted">
          <i>{detail}</i>
        </p>
      )}
    </MessagePage>
  );
}
