import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Fails loudly instead of skipping: a missing browser must not look like a green run. */
export function assertChromium(): void {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it with \`apt-get install chromium\` or set CHROMIUM_PATH.`,
    );
  }
}

export async function launchBrowser(): Promise<Browser> {
  assertChromium();
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * Content-Security-Policy violations any page reported (Chromium logs each to the console); the setup file
 * `csp-guard.ts` fails the test they happened in, so every spec also checks the app works under the policy.
 */
export const cspViolations: string[] = [];

/** A fresh browser profile (no cookies) pointed at the test server. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 800 },
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport });
  context.setDefaultTimeout(10_000);
  context.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  return context;
}
