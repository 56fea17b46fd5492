import { Link } from 'react-router';
import { usePing } from '../../features/session/index.ts';
import { FIRST_YEAR, PRODUCT_NAME, PROJECT_LINKS } from '../../lib/project-links.ts';

function copyrightYears(now = new Date()): string {
  const year = now.getFullYear();
  return year > FIRST_YEAR ? `${FIRST_YEAR}–${year}` : String(FIRST_YEAR);
}

export function Footer() {
  const pong = usePing();
  const update = pong?.ta_update;

  return (
    <footer className="site-footer">
      <p>
        © {copyrightYears()} {PRODUCT_NAME} {pong?.version}
      </p>
      {update && (
        <p className="update-notice">
          <span>Update available: {update.version}</span>
          {update.is_breaking && <strong className="danger-text"> Breaking Changes!</strong>}{' '}
          <a href={PROJECT_LINKS.release(update.version)} target="_blank" rel="noreferrer">
            Release page
          </a>
        </p>
      )}
      <nav className="footer-links" aria-label="Project">
        <Link to="/about/">About</Link>
        <a href={PROJECT_LINKS.repository} target="_blank" rel="noreferrer">
          Source
        </a>
        <a href={PROJECT_LINKS.documentation} target="_blank" rel="noreferrer">
          Documentation
        </a>
      </nav>
    </footer>
  );
}
