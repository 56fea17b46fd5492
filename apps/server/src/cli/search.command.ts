import type { SearchIndex } from '../db/search/search-index.ts';

/** `tubekeeper search rebuild`: re-creates the search index from the tables and prints what it holds. */
export async function runSearchCommand(index: SearchIndex, args: string[]): Promise<number> {
  if (args[0] !== 'rebuild') {
    console.error('Usage: tubekeeper search rebuild');
    return 2;
  }
  const started = performance.now();
  const counts = await index.rebuild();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Search index rebuilt in ${seconds} s:`);
  for (const [kind, count] of Object.entries(counts)) console.log(`  ${kind.padEnd(20)} ${count}`);
  return 0;
}
