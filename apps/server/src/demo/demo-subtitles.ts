import { CLIP_SECONDS, channelSpec, type DemoVideoSpec } from './demo-catalog.ts';

export type SubtitleLang = 'en' | 'de';

/**
 * Six cues per clip: greeting, topic, the video's own two sentences, a pointer to the links and goodbye.
 * Six, not four, because fragments close every fifth cue (upstream §3.4): the demo must index at least one.
 */
export function subtitleLines(video: DemoVideoSpec, lang: SubtitleLang): string[] {
  const channel = channelSpec(video.channel).name;
  const pick = (pair: readonly [string, string]) => (lang === 'en' ? pair[0] : pair[1]);
  const intro: [string, string] = [`Welcome back to ${channel}.`, `Willkommen zurück bei ${channel}.`];
  const topic: [string, string] = [
    `Today we look at ${video.topic[0]}.`,
    `Heute geht es um ${video.topic[1]}.`,
  ];
  return [
    pick(intro),
    pick(topic),
    pick(video.lines[0]),
    pick(video.lines[1]),
    pick(['All links are in the description.', 'Alle Links stehen in der Beschreibung.']),
    pick(['Thanks for watching!', 'Danke fürs Zuschauen!']),
  ];
}

function timestamp(ms: number): string {
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** A WEBVTT file in the layout yt-dlp and upstream write (header with Kind and Language, numbered cues). */
export function subtitleVtt(video: DemoVideoSpec, lang: SubtitleLang): string {
  const lines = subtitleLines(video, lang);
  const span = (CLIP_SECONDS[video.kind] * 1000) / lines.length;
  const cues = lines.map((text, i) => {
    const start = Math.round(i * span);
    const end = Math.round((i + 1) * span);
    return `${i + 1}\n${timestamp(start)} --> ${timestamp(end)}\n${text}`;
  });
  return `WEBVTT\nKind: captions\nLanguage: ${lang}\n\n${cues.join('\n\n')}\n`;
}
