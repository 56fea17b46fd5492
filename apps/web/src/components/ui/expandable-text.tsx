import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A long text shown clipped to a few lines with Show more / Show less (spec §2: descriptions). The
 * button only toggles the clipping, so the whole text is in the page for search and screen readers; it
 * is shown only when there is more to see: a text that fits gets no button.
 */
export function ExpandableText({ children }: { children: ReactNode }) {
  const [expanded, setExpanded] = useState(false);
  const [clipped, setClipped] = useState(false);
  const text = useRef<HTMLDivElement>(null);
  const id = useId();
  useLayoutEffect(() => {
    const element = text.current;
    if (!element || expanded) return;
    const measure = () => setClipped(element.scrollHeight > element.clientHeight + 1);
    measure();
    // the box narrows and widens with the window, and the text's fonts may load later
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, [children, expanded]);
  return (
    <div className="expandable">
      <div ref={text} id={id} className={expanded ? 'expandable-text expanded' : 'expandable-text'}>
        {children}
      </div>
      {(clipped || expanded) && (
        <button
          type="button"
          className="button small"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
}
