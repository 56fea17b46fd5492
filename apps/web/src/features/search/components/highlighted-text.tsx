import { parseHighlight } from '../lib/highlight.ts';

/**
 * A line from the search API with its matched words marked. The markup is parsed, never injected:
 * the words become <mark> elements, everything else text nodes.
 */
export function HighlightedText({ html, className }: { html: string; className?: string }) {
  return (
    <p className={className}>
      {parseHighlight(html).map((part, index) =>
        part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </p>
  );
}
