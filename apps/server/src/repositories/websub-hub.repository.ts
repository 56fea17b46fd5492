import { createHmac, timingSafeEqual } from 'node:crypto';
import { USER_AGENT } from './integration-fetch.ts';

/**
 * The WebSub hub (W3C WebSub, which YouTube's hub speaks as PubSubHubbub 0.4): subscription requests go
 * out as a form POST, the hub answers 202 and then checks the intent with a GET to our callback; pushes
 * come signed with `X-Hub-Signature: sha1=<HMAC of the body with the subscription's secret>`.
 */

export type HubMode = 'subscribe' | 'unsubscribe';

export interface HubRequest {
  mode: HubMode;
  topic: string;
  callback: string;
  secret: string;
  leaseSeconds: number;
}

/** YouTube's hub pushes the uploads of a channel under this topic (its feed URL under /xml/). */
export function youtubeTopic(channelId: string): string {
  return `https://www.youtube.com/xml/feeds/videos.xml?channel_id=${encodeURIComponent(channelId)}`;
}

export class WebsubHubRepository {
  constructor(private readonly options: { hubUrl: string; timeoutMs?: number }) {}

  /** One request to the hub; undefined when it accepted, else why not. Never throws. */
  async request(request: HubRequest, signal?: AbortSignal): Promise<string | undefined> {
    const body = new URLSearchParams({
      'hub.callback': request.callback,
      'hub.mode': request.mode,
      'hub.topic': request.topic,
      'hub.verify': 'async',
      ...(request.mode === 'subscribe' && {
        'hub.secret': request.secret,
        'hub.lease_seconds': String(request.leaseSeconds),
      }),
    });
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 15_000);
    try {
      const response = await fetch(this.options.hubUrl, {
        method: 'POST',
        headers: { 'User-Agent': USER_AGENT, 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
      const text = (await response.text()).trim().slice(0, 200);
      // 202: verification follows; 204: verified already (PubSubHubbub 0.3's synchronous mode)
      if (response.status === 202 || response.status === 204) return undefined;
      return `hub answered HTTP ${response.status}${text ? `: ${text}` : ''}`;
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return `hub unreachable: ${cause ?? (error as Error).message}`;
    }
  }
}

const ALGORITHMS = new Set(['sha1', 'sha256', 'sha384', 'sha512']);

/**
 * Whether `header` ("sha1=<hex>", or another algorithm WebSub allows) is the HMAC of `body` under
 * `secret`. A missing, malformed or wrong signature is false; compared in constant time.
 */
export function validSignature(secret: string, body: Buffer, header: string | undefined): boolean {
  const match = /^(sha1|sha256|sha384|sha512)=([0-9a-f]+)$/i.exec(header?.trim() ?? '');
  if (!match || !ALGORITHMS.has(match[1]!.toLowerCase())) return false;
  const expected = createHmac(match[1]!.toLowerCase(), secret).update(body).digest();
  const given = Buffer.from(match[2]!.toLowerCase(), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
