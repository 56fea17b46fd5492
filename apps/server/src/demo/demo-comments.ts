import {
  DEMO_AUTHORS,
  DEMO_VIDEOS_INDEX,
  REPLY_COMMENTS,
  ROOT_COMMENTS,
  UPLOADER_REPLY,
  channelId,
  channelSpec,
  publishedAt,
  stableId,
  type DemoVideoSpec,
} from './demo-catalog.ts';

/** One entry of yt-dlp's `comments` list (`--write-comments`), replies flat with `parent` set. */
export interface YtdlpComment {
  id: string;
  parent: string;
  text: string;
  like_count: number;
  author: string;
  author_id: string;
  author_thumbnail: string;
  author_url: string;
  author_is_uploader: boolean;
  author_is_verified: boolean;
  is_favorited: boolean;
  is_pinned: boolean;
  timestamp: number;
  _time_text: string;
}

const HOUR_S = 3600;

function person(handle: string, name: string, uploaderChannel?: string) {
  const id = uploaderChannel ?? `UC${stableId(`author:${handle}`, 22)}`;
  return {
    author: handle,
    author_id: id,
    author_thumbnail: `https://yt3.ggpht.com/ytc/${stableId(`avatar:${name}`, 30)}=s88-c-k-c0x00ffffff-no-rj`,
    author_url: `https://www.youtube.com/${handle}`,
    author_is_uploader: uploaderChannel !== undefined,
    author_is_verified: uploaderChannel !== undefined,
  };
}

function fill(template: string, video: DemoVideoSpec, link: string): string {
  return template
    .replaceAll('{topic}', video.topic[0])
    .replaceAll('{link}', link)
    .replaceAll('{site}', `${channelSpec(video.channel).website}/${video.slug}`);
}

/**
 * Two to four root comments per video, the first always answered by the channel (with a link) and, on
 * every other video, by a viewer too. Deterministic: the n-th video always gets the same thread.
 */
export function demoComments(video: DemoVideoSpec): YtdlpComment[] {
  const n = DEMO_VIDEOS_INDEX.get(video.slug) ?? 0;
  const published = publishedAt(video);
  const comments: YtdlpComment[] = [];
  const roots = 2 + (n % 3);
  for (let j = 0; j < roots; j++) {
    const template = (n + j) % ROOT_COMMENTS.length;
    const author = DEMO_AUTHORS[(n + 2 * j) % DEMO_AUTHORS.length]!;
    const link =
      template === 0
        ? `https://notes.example.com/${video.slug}`
        : `https://en.wikipedia.org/wiki/${video.wiki}`;
    const id = `Ugx${stableId(`comment:${video.slug}:${j}`, 20)}4AaABAg`;
    const timestamp = published + (j + 1) * 5 * HOUR_S;
    comments.push({
      id,
      parent: 'root',
      text: fill(ROOT_COMMENTS[template]!, video, link),
      like_count: Math.round(video.likes / (40 * (j + 1))),
      ...person(author.handle, author.name),
      is_favorited: j === 0 && n % 3 === 1,
      is_pinned: false,
      timestamp,
      _time_text: `${Math.max(1, 40 - video.day)} days ago`,
    });
    if (j === 0) comments.push(...replies(video, n, id, timestamp));
  }
  return comments;
}

function replies(video: DemoVideoSpec, n: number, parent: string, after: number): YtdlpComment[] {
  const channel = channelSpec(video.channel);
  const reply = (k: number, text: string, who: ReturnType<typeof person>): YtdlpComment => ({
    id: `${parent}.${stableId(`reply:${video.slug}:${k}`, 22)}`,
    parent,
    text,
    like_count: Math.round(video.likes / (300 * (k + 1))),
    ...who,
    is_favorited: false,
    is_pinned: false,
    timestamp: after + (k + 1) * HOUR_S,
    _time_text: `${Math.max(1, 40 - video.day)} days ago`,
  });
  const list = [
    reply(0, fill(UPLOADER_REPLY, video, ''), person(channel.handle, channel.name, channelId(channel.key))),
  ];
  if (n % 2 === 0) {
    const viewer = DEMO_AUTHORS[(n + 3) % DEMO_AUTHORS.length]!;
    list.push(
      reply(
        1,
        fill(REPLY_COMMENTS[n % REPLY_COMMENTS.length]!, video, ''),
        person(viewer.handle, viewer.name),
      ),
    );
  }
  return list;
}
