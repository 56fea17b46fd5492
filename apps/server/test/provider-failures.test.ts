import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, sessionClient, type Client, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { makeVideo } from './factories.ts';

/**
 * A refresh while yt-dlp fails in every way it does in the field. The failures are made by a stand-in
 * executable that prints exactly what yt-dlp prints in each case (its ERROR lines, `null` for a failed URL
 * of `-J`, its exit codes), or by no executable at all. Only a definite answer from the provider (removed,
 * private, terminated, unavailable) may mark the video inactive; every other case keeps it as it was, says
 * why, and keeps the item queued when trying again later can help.
 */
const PROVIDER_ERRORS: Record<string, string> = {
  botcheck:
    'Sign in to confirm you’re not a bot. Use --cookies-from-browser or --cookies for the authentication. See  https://github.com/yt-dlp/yt-dlp/wiki/FAQ#how-do-i-pass-cookies-to-yt-dlp  for how to manually pass cookies',
  http429:
    'Unable to download API page: HTTP Error 429: Too Many Requests (caused by <HTTPError 429: Too Many Requests>)',
  http403: 'Unable to download API page: HTTP Error 403: Forbidden (caused by <HTTPError 403: Forbidden>)',
  offline:
    "Unable to download API page: <urlopen error [Errno -3] Temporary failure in name resolution> (caused by TransportError('<urlopen error [Errno -3] Temporary failure in name resolution>'))",
  tryagain: "Video unavailable. This content isn't available, try again later.",
  geo: 'Video unavailable. The uploader has not made this video available in your country',
  removed: 'Video unavailable. This video has been removed by the uploader',
  private:
    "Private video. Sign in if you've been granted access to this video. Use --cookies-from-browser or --cookies for the authentication.",
  terminated:
    'Video unavailable. This video is no longer available because the YouTube account associated with this video has been terminated.',
};

function standInScript(modeFile: string): string {
  const answers = Object.entries(PROVIDER_ERRORS)
    .map(
      ([mode, message]) =>
        `  ${mode}) echo null; printf '%s\\n' "ERROR: [youtube] $id: ${message.replaceAll('"', '\\"')}" >&2; exit 1 ;;`,
    )
    .join('\n');
  return `#!/bin/sh
for arg in "$@"; do last="$arg"; done
id="\${last##*v=}"
case "$(cat '${modeFile}')" in
  exit1) exit 1 ;;
  garbage) echo '{"id": "'"$id"'", "title": "Half a'; exit 0 ;;
  hang) sleep 30 ;;
${answers}
esac
`;
}

describe.each(ENGINES)('a refresh while the provider fails, on %s', (engine) => {
  let t: TestApp;
  let staff: Client;
  let ytdlp: string;
  let modeFile: string;
  const db = () => t.database.db;

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'tk-broken-ytdlp-'));
    ytdlp = path.join(dir, 'yt-dlp');
    modeFile = path.join(dir, 'mode');
    t = await createTestApp(engine, { YTDLP_PATH: ytdlp, TK_YTDLP_TIMEOUT_S: '1' });
    staff = await sessionClient(t, (await createUser(t, { username: 'keeper', staff: true })).id);
  });
  afterAll(async () => {
    await t.container.jobs.close();
    await t.close();
  });

  function breakYtdlp(mode: string) {
    fs.rmSync(ytdlp, { force: true });
    if (mode !== 'missing') {
      fs.writeFileSync(modeFile, mode);
      fs.writeFileSync(ytdlp, standInScript(modeFile), { mode: 0o755 });
    }
  }

  /** Archives a fresh video, refreshes it with yt-dlp in `mode`, and reports what a user would see. */
  async function refreshWith(mode: string) {
    breakYtdlp(mode);
    const row = await makeVideo(db(), { title: `Kept through ${mode}` });
    await db().deleteFrom('reindex_queue').execute();
    const res = await staff.request({
      method: 'POST',
      url: '/api/refresh/',
      payload: { video: [row.youtube_id] },
    });
    expect(res.statusCode).toBe(200);
    await t.container.jobs.idle();
    const task = (
      await staff.request({ method: 'GET', url: `/api/task/by-id/${res.json().task_id}/` })
    ).json();
    const video = await db()
      .selectFrom('videos')
      .select(['active', 'title'])
      .where('youtube_id', '=', row.youtube_id)
      .executeTakeFirst();
    const queued = await db().selectFrom('reindex_queue').select('item_id').execute();
    return { id: row.youtube_id, task, video, queued: queued.map((q) => q.item_id) };
  }

  // each with the category and advice every provider failure carries (issue 16)
  const refusals: [string, RegExp][] = [
    ['missing', /yt-dlp not found: install it or set YTDLP_PATH \[yt-dlp missing: Install yt-dlp/],
    ['hang', /yt-dlp gave no answer within 1 s/],
    ['botcheck', /not a bot.*\[Bot check \/ sign-in required: Import a cookie/],
    ['http429', /HTTP Error 429.*\[Throttled by the provider: /],
    ['http403', /HTTP Error 403.*\[Throttled by the provider: /],
    ['offline', /Temporary failure in name resolution.*\[Network down: /],
    ['tryagain', /try again later.*\[Throttled by the provider: /],
  ];
  it.each(refusals)(
    'yt-dlp %s: nothing marked inactive, the item stays queued, the task says why',
    async (mode, why) => {
      const { id, task, video, queued } = await refreshWith(mode);
      expect(video).toEqual({ active: 1, title: `Kept through ${mode}` });
      expect(queued).toEqual([id]);
      expect(task.status).toBe('FAILURE');
      expect(JSON.stringify(task)).toMatch(why);
    },
  );

  const unreadable: [string, RegExp][] = [
    ['exit1', /failed: \w+: yt-dlp exited with code 1/],
    ['garbage', /failed: \w+: yt-dlp printed output that is not JSON/],
    ['geo', /failed: \w+: .*in your country \[Geo-blocked: Not available from this server's country/],
  ];
  it.each(unreadable)(
    'yt-dlp %s: nothing marked inactive, reported as a failed refresh',
    async (mode, why) => {
      const { video, task } = await refreshWith(mode);
      expect(video).toEqual({ active: 1, title: `Kept through ${mode}` });
      expect(task.result).toMatch(why);
      expect(task.result).not.toMatch(/marked inactive/);
    },
  );

  it.each([
    ['missing', /yt-dlp not found.*\[yt-dlp missing: Install yt-dlp or set YTDLP_PATH\.\]/],
    ['exit1', /yt-dlp exited with code 1/],
    ['hang', /no answer within 1 s/],
    ['offline', /Temporary failure in name resolution.*\[Network down: The provider cannot be reached/],
  ])(
    'a cookie imported while yt-dlp is %s is kept as not validated, and the answer says why',
    async (mode, why) => {
      breakYtdlp(mode);
      const put = await staff.request({
        method: 'PUT',
        url: '/api/appsettings/cookie/',
        payload: { cookie: COOKIE },
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({
        cookie_enabled: true,
        status: false,
        message: expect.stringMatching(why),
      });
      expect(put.json().message).toMatch(/not validated.*validate it again later/);
      const state = await staff.request({ method: 'GET', url: '/api/appsettings/cookie/' });
      expect(state.json()).toEqual(put.json());
      expect((await t.container.ytdlpSettings.load()).cookie).toContain('LOGIN_INFO');
      const validate = await staff.request({ method: 'POST', url: '/api/appsettings/cookie/' });
      expect(validate.statusCode).toBe(200);
      expect(validate.json()).toMatchObject({ status: false, message: expect.stringMatching(why) });
      expect((await staff.request({ method: 'DELETE', url: '/api/appsettings/cookie/' })).statusCode).toBe(
        204,
      );
    },
  );

  it.each(['removed', 'private', 'terminated'])(
    'the provider says %s: marked inactive, kept',
    async (mode) => {
      const { id, video, task } = await refreshWith(mode);
      expect(video).toEqual({ active: 0, title: `Kept through ${mode}` });
      expect(task.result).toMatch(new RegExp(`marked inactive: video ${id}`));
    },
  );
});

const cookieLine = (name: string, value: string) =>
  `.youtube.com\tTRUE\t/\tTRUE\t1900000000\t${name}\t${value}`;
const COOKIE = `# Netscape HTTP Cookie File\n${cookieLine('LOGIN_INFO', 'AFmmF2sw')}\n`;
