// How well full-text search finds what a user heard: for each phrase query (words taken from a seeded line),
// whether page 1 holds a line with the words as a phrase, and whether the first hit does.
import http from 'node:http';

export interface PhraseFigures {
  phrase_queries: number;
  phrase_on_page_1: number;
  phrase_first: number;
}

function getJson(port: number, path: string, headers: Record<string, string>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve(JSON.parse(body)));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

const words = (text: string) =>
  text
    .replace(/<[^>]+>/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join(' ');

/** `queries` are `full:<phrase>` strings; each is asked once, one at a time. */
export async function phraseQuality(
  port: number,
  headers: Record<string, string>,
  queries: string[],
): Promise<PhraseFigures> {
  let onPage = 0;
  let first = 0;
  for (const query of queries) {
    const phrase = ` ${words(query.slice('full:'.length))} `;
    const body = (await getJson(port, `/api/search/?query=${encodeURIComponent(query)}`, headers)) as {
      results: { fulltext_results: { subtitle_line: string }[] };
    };
    const at = body.results.fulltext_results.findIndex((h) => ` ${words(h.subtitle_line)} `.includes(phrase));
    if (at >= 0) onPage++;
    if (at === 0) first++;
  }
  return { phrase_queries: queries.length, phrase_on_page_1: onPage, phrase_first: first };
}
