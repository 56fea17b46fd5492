import type { ChannelNav } from '@tubekeeper/contract';
import { NavLink } from 'react-router';

interface ChannelSubNavProps {
  channelId: string;
  nav: ChannelNav | undefined;
  staff: boolean;
}

/** Spec §2 Channel layout: Videos, Streams, Shorts, Playlists by the nav flags, About, Downloads. */
export function ChannelSubNav({ channelId, nav, staff }: ChannelSubNavProps) {
  const base = `/channel/${channelId}`;
  const items: { to: string; label: string; show: boolean; end?: boolean }[] = [
    { to: base, label: 'Videos', show: true, end: true },
    { to: `${base}/streams/`, label: 'Streams', show: !!nav?.has_streams },
    { to: `${base}/shorts/`, label: 'Shorts', show: !!nav?.has_shorts },
    { to: `${base}/playlist/`, label: 'Playlists', show: !!nav?.has_playlists },
    { to: `${base}/about/`, label: 'About', show: true },
    {
      to: `/downloads/?channel=${encodeURIComponent(channelId)}`,
      label: 'Downloads',
      show: staff && !!nav?.has_pending,
    },
  ];
  return (
    <nav className="sub-nav channel-nav" aria-label="Channel">
      {items
        .filter((item) => item.show)
        .map((item) => (
          <NavLink key={item.label} to={item.to} end={item.end ?? false}>
            {item.label}
          </NavLink>
        ))}
    </nav>
  );
}
