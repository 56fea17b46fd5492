import { useState } from 'react';

interface Hint {
  variable: string;
  line: string;
  explanation: string;
}

function hints(origin: string): Hint[] {
  return [
    {
      variable: 'TK_HOST',
      line: `TK_HOST=${origin}`,
      explanation: 'lists the address you open Tubekeeper at; requests from other addresses are refused.',
    },
    {
      variable: 'REDIS_URL',
      line: 'REDIS_URL=redis://redis:6379',
      explanation: 'when set, must point at a running Redis; leave it unset to use the built-in queue.',
    },
  ];
}

/** Clipboard API needs a secure context; plain-HTTP self-hosted setups fall back to execCommand. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // fall through to the legacy path
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  document.body.append(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

/** Shown after repeated failed backend checks: the two settings that most often break a new install. */
export function HavingIssuesBox() {
  const [copied, setCopied] = useState<string | null>(null);

  const onCopy = async (hint: Hint) => {
    await copyText(hint.line);
    setCopied(hint.variable);
  };

  return (
    <section className="info-box" aria-labelledby="having-issues-title">
      <h2 id="having-issues-title">Having issues?</h2>
      <p>The server does not answer. Check that it is running and that its environment is right:</p>
      <ul className="hint-list">
        {hints(window.location.origin).map((hint) => (
          <li key={hint.variable}>
            <button
              type="button"
              className="hint-copy"
              title="Click to copy"
              onClick={() => void onCopy(hint)}
            >
              <code>{hint.line}</code>
            </button>{' '}
            <span>
              {hint.variable} {hint.explanation}
            </span>
          </li>
        ))}
      </ul>
      <p className="muted" aria-live="polite">
        {copied ? `Copied ${copied} to the clipboard.` : 'Click a line to copy it.'}
      </p>
    </section>
  );
}
