import { PRODUCT_NAME, PROJECT_LINKS } from '../../../lib/project-links.ts';

const LINKS = [
  { href: PROJECT_LINKS.repository, label: 'Source code', note: 'code, releases and the issue tracker' },
  { href: PROJECT_LINKS.documentation, label: 'Documentation', note: 'installation, operation and scaling' },
  { href: PROJECT_LINKS.issues, label: 'Report a bug', note: 'something broken? tell us' },
  { href: PROJECT_LINKS.donate, label: 'Donate', note: 'support the work' },
];

export function AboutRoute() {
  return (
    <section className="prose">
      <h1>About {PRODUCT_NAME}</h1>
      <p>
        {PRODUCT_NAME} is a self-hosted archive for online videos. Subscribe to channels and playlists,
        download them to your own server, and index everything — metadata, subtitles and comments — so you can
        browse, search and watch your archive in the browser, long after the originals are gone.
      </p>
      <p>
        It runs as a single process on SQLite by default and scales out to PostgreSQL, Redis and any number of
        download workers when you need more.
      </p>
      <h2>Links</h2>
      <ul className="link-list">
        {LINKS.map((link) => (
          <li key={link.href}>
            <a href={link.href} target="_blank" rel="noreferrer">
              {link.label}
            </a>{' '}
            <span className="muted">— {link.note}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
