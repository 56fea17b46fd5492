interface SpinnerProps {
  /** What is being waited for, read out by screen readers. */
  label?: string;
}

export function Spinner({ label = 'Loading' }: SpinnerProps) {
  return <span className="spinner" role="status" aria-label={label} />;
}
