import { useId, useState, type ReactNode } from 'react';

/**
 * A long text shown clipped to a few lines with Show more / Show less (spec §2: descriptions). The
 * button only toggles the clipping, so the whole text is in the page for search and screen readers.
 */
export function ExpandableText({ children }: { children: ReactNode }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  return (
    <div className="expandable">
      <div id={id} className={expanded ? 'expandable-text expanded' : 'expandable-text'}>
        {children}
      </div>
      <button
        type="button"
        className="button small"
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => setExpanded(!expanded)}
      >
        {expanded ? 'Show less' : 'Show more'}
      </button>
    </div>
  );
}
