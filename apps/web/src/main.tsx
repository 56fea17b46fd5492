import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { installUnauthorizedHandler } from './app/sign-out.ts';
import { applyStoredTheme } from './lib/theme.ts';
import './styles/index.css';

// Before the first paint, so a light-theme user does not see a flash of the dark default.
applyStoredTheme();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
installUnauthorizedHandler((to, options) => router.navigate(to, options), queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} router={router} />
  </StrictMode>,
);
