/**
 * The main navigation (spec §2 Shell). Later issues extend this list; `staffOnly` entries show for
 * staff and superusers only (spec §6).
 */
export interface NavItem {
  to: string;
  label: string;
  staffOnly?: boolean;
  /** Match the path exactly (Home would otherwise be active everywhere). */
  end?: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'Home', end: true },
  { to: '/channel/', label: 'Channels' },
  { to: '/playlist/', label: 'Playlists' },
  { to: '/downloads/', label: 'Downloads', staffOnly: true },
];
