import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Client } from '../helpers/app.ts';
import type { Database } from '../../src/db/tables.ts';
import { makeChannel, makeComment, makePlaylist, makeVideo } from '../factories.ts';

/**
 * A small library whose words are chosen for the search tests: "sourdough" once in a title, once in tags
 * and once in a description (ranking), "Neapolitan" for typos, German and English subtitles, comments.
 */
export const IDS = {
  cook: 'UCcookinglab000000000001',
  space: 'UCspacestation0000000001',
  retro: 'UCretrocomputing00000001',
  sourdough: 'vSourdough1',
  pizza: 'vNeapolitan',
  rocket: 'vRocket0001',
  tagged: 'vTagged0001',
  inactive: 'vInactive01',
  amiga: 'vAmiga00001',
  breadList: 'PLbreadbasics',
  orbitList: 'PLorbitalmechanics',
} as const;

export async function insertFragment(
  db: Kysely<Database>,
  youtubeId: string,
  lang: string,
  source: string,
  index: number,
  line: string,
) {
  await db
    .insertInto('subtitle_fragments')
    .values({
      youtube_id: youtubeId,
      lang,
      source,
      fragment_index: index,
      start_ms: index * 10_000 + 1_000,
      end_ms: index * 10_000 + 8_500,
      line,
    })
    .execute();
}

export async function seedSearchLibrary(db: Kysely<Database>) {
  await makeChannel(db, {
    channel_id: IDS.cook,
    channel_name: 'Cooking Lab',
    channel_subscribed: 1,
    channel_description: 'Recipes and kitchen science',
    channel_tags: '["food","baking"]',
  });
  await makeChannel(db, {
    channel_id: IDS.space,
    channel_name: 'Space Station Weekly',
    channel_description: 'Rockets and orbits',
  });
  await makeChannel(db, {
    channel_id: IDS.retro,
    channel_name: 'Retro Computing',
    channel_subscribed: 1,
    channel_active: 0,
  });
  await makeVideo(db, {
    youtube_id: IDS.sourdough,
    channel_id: IDS.cook,
    title: 'Perfect Sourdough Bread',
    description: 'Baking at home, step by step',
    tags: '["bread","baking"]',
  });
  await makeVideo(db, {
    youtube_id: IDS.pizza,
    channel_id: IDS.cook,
    title: 'Neapolitan Pizza Dough',
    description: 'We feed the dough with a sourdough starter',
  });
  await makeVideo(db, {
    youtube_id: IDS.tagged,
    channel_id: IDS.cook,
    title: 'Weekend Loaf',
    tags: '["sourdough","weekend"]',
  });
  await makeVideo(db, {
    youtube_id: IDS.inactive,
    channel_id: IDS.cook,
    title: 'Old Rye Recipe',
    tags: '["sourdough"]',
    active: 0,
  });
  await makeVideo(db, { youtube_id: IDS.rocket, channel_id: IDS.space, title: 'Rocket Launch Explained' });
  await makeVideo(db, { youtube_id: IDS.amiga, channel_id: IDS.retro, title: 'Amiga Demoscene' });

  await makePlaylist(db, {
    playlist_id: IDS.breadList,
    playlist_name: 'Bread Basics',
    playlist_channel: 'Cooking Lab',
    playlist_channel_id: IDS.cook,
    playlist_description: 'Everything about flour and water',
    playlist_subscribed: 1,
    entries: [IDS.sourdough, IDS.tagged],
  });
  await makePlaylist(db, {
    playlist_id: IDS.orbitList,
    playlist_name: 'Orbital Mechanics',
    playlist_channel: 'Space Station Weekly',
    playlist_channel_id: IDS.space,
    playlist_active: 0,
    entries: [IDS.rocket],
  });

  await insertFragment(db, IDS.sourdough, 'en', 'user', 1, 'Today we bake a beautiful sourdough loaf');
  await insertFragment(db, IDS.sourdough, 'en', 'user', 2, 'The crust should be <b>golden</b> & brown');
  await insertFragment(db, IDS.sourdough, 'de', 'auto', 1, 'Heute backen wir ein schönes Brot');
  await insertFragment(db, IDS.rocket, 'en', 'auto', 1, 'The rocket reaches orbit in eight minutes');

  await makeComment(db, IDS.sourdough, {
    comment_id: 'Ugcomment1',
    author: '@baker',
    text: 'Best bread recipe ever',
  });
  await makeComment(db, IDS.sourdough, { comment_id: 'Ugcomment2', text: 'My starter died :(' });
  await makeComment(db, IDS.rocket, { comment_id: 'Ugcomment3', text: 'Which rocket recipe is this?' });
}

/** A signed-in client's search: the results of a query (plus extra URL parameters), checked to answer 200. */
export function searchAs(user: Client) {
  return async (query: string, extra = '') => {
    const res = await user.request({
      method: 'GET',
      url: `/api/search/?query=${encodeURIComponent(query)}${extra}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results;
  };
}
