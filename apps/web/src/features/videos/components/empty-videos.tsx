import { Link } from 'react-router';

/** Spec §2/§8: No videos found... with a pointer to the downloads page. */
export function EmptyVideos() {
  return (
    <div className="empty-state">
      <h2>No videos found...</h2>
      <p>
        Try going to the <Link to="/downloads/">downloads page</Link> to start the scan and download tasks.
      </p>
    </div>
  );
}
