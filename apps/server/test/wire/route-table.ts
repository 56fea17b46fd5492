import type { Expected } from './shapes.ts';

/** Rows the suite creates before calling; some calls fill in what later ones need (ids of what they made). */
export interface Fixtures {
  videoId: string;
  channelId: string;
  playlistId: string;
  queueId: string;
  deleteVideoId: string;
  deleteChannelId: string;
  deletePlaylistId: string;
  customPlaylistId?: string;
  taskId?: string;
}

export interface WireRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** upstream's path, as the table shows it */
  path: string;
  /** our route pattern (Fastify syntax) that serves it; absent from our routes means "missing" */
  pattern: string;
  /** where upstream-behaviour.md documents it */
  section: string;
  call: (f: Fixtures) => { url: string; body?: unknown };
  /** upstream's status for this call */
  status: number;
  expect: Expected;
  /** what a later call needs from this answer */
  capture?: (body: unknown, f: Fixtures) => void;
  /** where we answer differently on purpose, and why (shown in the table) */
  difference?: string;
}

export const MESSAGE_TASK = { kind: 'object', shape: { message: 'string', task_id: 'string' } } as const;
export const TASK_START = { kind: 'object', shape: { task_id: 'string', status: 'string' } } as const;
/** A Netscape cookie jar with a signed-in YouTube session, which the offline provider accepts. */
export const SIGNED_IN_COOKIE =
  '# Netscape HTTP Cookie File\n.youtube.com\tTRUE\t/\tTRUE\t2000000000\tLOGIN_INFO\twire-test\n';
export const NOT_AVAILABLE =
  'membership is a paid upstream service; answered 404 `{"error": "membership is not available: …"}` (JSON)';

/** One row of the table: the arguments in the order the table reads. */
export function r(
  method: WireRoute['method'],
  path: string,
  pattern: string,
  section: string,
  call: WireRoute['call'],
  status: number,
  expect: Expected,
  more: Pick<WireRoute, 'capture' | 'difference'> = {},
): WireRoute {
  return { method, path, pattern, section, call, status, expect, ...more };
}
