import type { FormEvent } from 'react';

interface SearchBoxProps {
  value: string;
  onChange: (text: string) => void;
  /** Enter searches at once instead of waiting for the debounce. */
  onSubmit: (text: string) => void;
}

/** The query box: focused on arrival, so typing starts at once. */
export function SearchBox({ value, onChange, onSubmit }: SearchBoxProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(value);
  };
  return (
    <form role="search" className="search-box" onSubmit={submit}>
      <input
        type="search"
        aria-label="Search query"
        placeholder="Search titles, channels, playlists, subtitles…"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoFocus
        autoComplete="off"
        spellCheck={false}
        maxLength={500}
      />
    </form>
  );
}
