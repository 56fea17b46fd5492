import { APP_VERSION } from '@tubekeeper/contract';

/** The subset of pino the integrations use: an unreachable service is a warning, not a failure. */
export interface WarnLogger {
  warn(details: object, message: string): void;
}

export interface IntegrationOptions {
  baseUrl: string;
  logger: WarnLogger;
  /** Upstream waits 10 s. */
  timeoutMs?: number;
  now?: () => number;
}

export type FetchOutcome = { status: number; body: unknown } | { failure: string };

export const USER_AGENT = `Tubekeeper/${APP_VERSION} (self-hosted video archive)`;

/**
 * GET a JSON document with a timeout and the caller's AbortSignal. Never throws: a timeout, refused
 * connection or unreadable body comes back as `{ failure }` for the caller to log and skip.
 */
export async function getJson(url: string, timeoutMs: number, signal?: AbortSignal): Promise<FetchOutcome> {
  const signals = [AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])];
  try {
    const response = await fetch(url, {
      headers: { 'User-Agent': USER_AGENT, Accept: 'application/json' },
      signal: AbortSignal.any(signals),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // a plain-text body ("Not Found") is still a valid answer with its status
    }
    return { status: response.status, body };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { failure: cause ?? (error instanceof Error ? error.message : String(error)) };
  }
}
