import { Link } from 'react-router';

/**
 * Home. The archive's video list arrives with the video API; until then the archive has no videos,
 * which is exactly the spec's empty state.
 */
export function HomeRoute() {
  return (
    <section>
      <h1>Recent Videos</h1>
      <div className="empty-state">
        <h2>No videos found...</h2>
        <p>
          Try going to the <Link to="/downloads/">downloads page</Link> to start the scan and download tasks.
        </p>
      </div>
    </section>
  );
}
