/** Queries that show the language at work; clicking one searches for it. */
export const EXAMPLE_QUERIES = [
  'learn python',
  'video:learn python channel:corey active:yes',
  'channel:linux subscribed:yes',
  'playlist:tutorial active:no',
  'full:thanks for watching lang:en source:user',
  'comment:great video',
  'video:pyhton fuzzy:1',
] as const;

const TYPES: [string, string][] = [
  ['(no prefix)', 'simple: video titles, channel and playlist names, matched as you type'],
  ['video:', 'videos by title, tags, category and description'],
  ['channel:', 'channels by name, description and tags'],
  ['playlist:', 'playlists by name and description'],
  ['full:', 'the spoken words: subtitle lines, each hit opening the video at that moment'],
  ['comment:', 'archived comments'],
];

const KEYWORDS: [string, string][] = [
  ['channel:', 'only this channel (video:, full:, comment:), e.g. channel:kitchen basics'],
  ['active:yes|no', 'still online at the provider or not (video:, channel:, playlist:)'],
  ['subscribed:yes|no', 'subscribed or not (channel:, playlist:)'],
  ['lang:', 'subtitle language code, e.g. lang:en (full:)'],
  ['source:auto|user', 'automatic captions or uploaded subtitles (full:)'],
  [
    'fuzzy:',
    'typo tolerance: no, 1 or 2 letters; auto (default) allows one in words of five letters or more',
  ],
];

function Cheats({ title, rows }: { title: string; rows: [string, string][] }) {
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      <dl className="search-cheats">
        {rows.map(([term, meaning]) => (
          <div key={term}>
            <dt>
              <code>{term}</code>
            </dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Shown while there is nothing to show (spec §2 Search): example queries and the keyword cheatsheet of
 * the query language (upstream §2). The first word may name a type; keywords follow the words they filter.
 */
export function SearchHelp({ onExample }: { onExample: (query: string) => void }) {
  return (
    <div className="search-help">
      <section aria-labelledby="search-examples-title">
        <h2 id="search-examples-title">Example queries</h2>
        <ul className="search-examples">
          {EXAMPLE_QUERIES.map((query) => (
            <li key={query}>
              <button type="button" className="link-button" onClick={() => onExample(query)}>
                <code>{query}</code>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="search-cheatsheet-title">
        <h2 id="search-cheatsheet-title">Keyword cheatsheet</h2>
        <p className="muted">
          Start with a type to search one kind of thing, then add keywords as <code>key:value</code>.
        </p>
        <Cheats title="Types" rows={TYPES} />
        <Cheats title="Keywords" rows={KEYWORDS} />
      </section>
    </div>
  );
}
