import path from 'node:path';

/** Turns an error or progress text into what a user is shown. */
export type PresentText = (text: string) => string;

/** Leaves the text as it is (tests and callers without folders). */
export const asIs: PresentText = (text) => text;

/**
 * Item and notification messages show paths relative to the media or cache folder ("media/UC…/x.mp4",
 * "cache/download/x.part") and no ffmpeg object addresses ("[mov,mp4,m4a,3gp,3g2,mj2 @ 0x55d…]"): the
 * server's layout means nothing to a user and should not be shown to every staff member. The full text
 * goes to the log.
 */
export function userFacingText(folders: { mediaDir: string; cacheDir: string }): PresentText {
  // the longer root first: one folder may sit inside the other
  const roots = [
    { root: path.resolve(folders.mediaDir), name: 'media' },
    { root: path.resolve(folders.cacheDir), name: 'cache' },
  ].sort((a, b) => b.root.length - a.root.length);
  return (text) => {
    let shown = text.replace(/ @ 0x[0-9a-f]+\]/gi, ']');
    for (const { root, name } of roots) {
      if (root === path.sep) continue;
      shown = shown.replace(new RegExp(`${escapeRegExp(root)}(?=[/\\s'"\`:,)\\]]|$)`, 'g'), name);
    }
    return shown;
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
