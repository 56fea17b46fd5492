import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  title: string;
  message: string;
}

/** A local stand-in for a notification service: Apprise's json:// URLs post here. */
export async function notificationReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const json = JSON.parse(body) as { title: string; message: string };
      received.push({ path: request.url ?? '', title: json.title, message: json.message });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { received, url: (path: string) => `json://127.0.0.1:${port}/${path}`, close: () => server.close() };
}
