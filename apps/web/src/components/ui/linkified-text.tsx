import { Fragment } from 'react';
import { splitText } from '../../lib/linkify.ts';

interface LinkifiedTextProps {
  text: string;
  /** When given, timestamps such as 1:23 become buttons that call it with the position in seconds. */
  onTimestamp?: (seconds: number) => void;
}

/**
 * Archive text (descriptions, comments) with its web links clickable. Everything else is rendered as
 * React text, so markup in the data is shown, never run (spec §5: linked text is sanitised).
 */
export function LinkifiedText({ text, onTimestamp }: LinkifiedTextProps) {
  const parts = splitText(text, { timestamps: onTimestamp !== undefined });
  return (
    <>
      {parts.map((part, index) => {
        if (part.kind === 'link') {
          return (
            <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
              {part.text}
            </a>
          );
        }
        if (part.kind === 'timestamp' && onTimestamp) {
          return (
            <button
              key={index}
              type="button"
              className="link-button"
              title={`Jump to ${part.text}`}
              onClick={() => onTimestamp(part.seconds)}
            >
              {part.text}
            </button>
          );
        }
        return <Fragment key={index}>{part.text}</Fragment>;
      })}
    </>
  );
}
