/** How many entries a task's result names before it only counts the rest. */
const SHOWN = 20;

/**
 * Entries of a task's result joined with "; ", the first 20 named and the rest counted: an offline image
 * host or a folder of broken files may leave thousands, and the result is a notification and an Apprise
 * body; the count before the list stays exact.
 */
export function listed(entries: string[]): string {
  const named = entries.slice(0, SHOWN).join('; ');
  return entries.length > SHOWN ? `${named}; and ${entries.length - SHOWN} more` : named;
}
