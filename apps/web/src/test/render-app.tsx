import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../app/query-client.ts';
import { appRoutes } from '../app/router.tsx';
import { installUnauthorizedHandler } from '../app/sign-out.ts';

/**
 * Renders the whole app (real routes, loaders and shell) at `path`, with an in-memory history instead
 * of the browser's. Pair it with mockApi for the server's answers.
 */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(appRoutes(queryClient), { initialEntries: [path] });
  installUnauthorizedHandler((to, options) => router.navigate(to, options), queryClient);
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}
