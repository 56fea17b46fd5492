import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface MessagePageProps {
  title: string;
  children: ReactNode;
  /** Most dead ends offer the way back home; pass false where home is not reachable either. */
  homeLink?: boolean;
}

/** A full-width page with a title and a short explanation: not-found, error and access pages. */
export function MessagePage({ title, children, homeLink = true }: MessagePageProps) {
  return (
    <section className="message-page">
      <h1>{title}</h1>
      {children}
      {homeLink && (
        <p>
          <Link to="/">Go Home</Link>
        </p>
      )}
    </section>
  );
}
