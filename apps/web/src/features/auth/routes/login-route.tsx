import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PROJECT_LINKS } from '../../../lib/project-links.ts';
import { HavingIssuesBox } from '../components/having-issues-box.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { useBackendPoll } from '../hooks/use-backend-poll.ts';

export function LoginRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const goHome = useCallback(() => {
    // Whatever was cached belonged to the previous session (or nobody).
    queryClient.clear();
    void navigate('/', { replace: true });
  }, [navigate, queryClient]);

  const backend = useBackendPoll(goHome);

  return (
    <div className="login-page">
      <div className="login-card">
        <p className="brand">Tubekeeper</p>
        <h1>Welcome</h1>
        <LoginForm onSignedIn={goHome} backendUnreachable={backend.unreachable} />
        {backend.showHints && <HavingIssuesBox />}
        <p className="login-links">
          <a href={PROJECT_LINKS.repository} target="_blank" rel="noreferrer">
            Project on GitHub
          </a>
          <a href={PROJECT_LINKS.donate} target="_blank" rel="noreferrer">
            Donate
          </a>
        </p>
      </div>
    </div>
  );
}
