import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import '../stats.css';

/**
 * One card of the Settings dashboard: a titled section in the dashboard's grid. Any feature may add a card
 * of its own to the grid (settings-dashboard-route.tsx) with this frame.
 */
export function StatCard({
  title,
  size = 'single',
  children,
}: {
  title: string;
  /** how many of the grid's columns it takes: one, two, or the whole row */
  size?: 'single' | 'double' | 'wide';
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className={`stat-card ${size}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A card's body from one query: a spinner while it loads, the error if it failed, else the figures. */
export function QueryBody<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) return <ErrorText>{errorMessage(query.error)}</ErrorText>;
  return <Spinner />;
}

/** Label and value pairs; a bucket the archive has nothing in counts as 0. */
export function Figures({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="stat-figures">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
