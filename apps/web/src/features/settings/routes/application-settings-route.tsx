import { ConfigSelectField, ConfigTextField, ConfigToggleField } from '../components/app-config-fields.tsx';
import { CookieSettings } from '../components/cookie-settings.tsx';
import { PoTokenField } from '../components/potoken-field.tsx';
import { SnapshotSettings } from '../components/snapshot-settings.tsx';

/**
 * Spec §2 Settings: Application. Every field saves on its own through POST /api/appsettings/config/;
 * the cookie and the PO token have their own calls.
 */
export function ApplicationSettingsRoute() {
  return (
    <section>
      <h1>Application Configurations</h1>
      <div className="settings-group">
        <h2>Subscription Scan</h2>
        <ConfigTextField
          section="subscriptions"
          name="channel_size"
          type="number"
          label="Videos per channel"
          help="How many of a channel's newest videos a rescan looks at; 0 skips the videos tab."
        />
        <ConfigTextField
          section="subscriptions"
          name="live_channel_size"
          type="number"
          label="Live streams per channel"
          help="Newest live streams a rescan looks at; 0 disables streams."
        />
        <ConfigTextField
          section="subscriptions"
          name="shorts_channel_size"
          type="number"
          label="Shorts per channel"
          help="Newest shorts a rescan looks at; 0 disables shorts."
        />
        <ConfigTextField
          section="subscriptions"
          name="playlist_size"
          type="number"
          label="Videos per playlist"
          help="How many entries of a subscribed playlist a rescan looks at."
        />
        <ConfigToggleField
          section="subscriptions"
          name="auto_start"
          label="Auto start"
          help="Start downloading what a rescan found right away."
        />
        <ConfigToggleField
          section="subscriptions"
          name="extract_flat"
          label="Flat extraction"
          help="Queue videos from the channel listing without fetching each video's metadata: faster, but without publish dates."
        />
      </div>
      <div className="settings-group">
        <h2>Downloads</h2>
        <ConfigTextField
          section="downloads"
          name="limit_speed"
          type="number"
          label="Download speed limit"
          help="In KB/s; empty for no limit."
        />
        <ConfigTextField
          section="downloads"
          name="throttledratelimit"
          type="number"
          label="Throttled rate limit"
          help="In KB/s: below this speed yt-dlp assumes throttling and re-extracts the video."
        />
        <ConfigTextField
          section="downloads"
          name="sleep_interval"
          type="number"
          label="Sleep interval"
          help="Seconds to wait between requests to the provider, randomised by ±50%; recommended at least 10."
        />
        <ConfigTextField
          section="downloads"
          name="autodelete_days"
          type="number"
          label="Auto delete watched videos"
          help="Delete watched videos after this many days and put them on the ignore list; empty to keep them."
        />
        <ConfigTextField
          section="downloads"
          name="concurrency"
          type="number"
          label="Parallel downloads"
          help="How many videos download at once (1 to 8)."
        />
      </div>
      <div className="settings-group">
        <h2>Download Format</h2>
        <ConfigTextField
          section="downloads"
          name="format"
          label="Format"
          help="yt-dlp format selection, e.g. bestvideo[height<=1080]+bestaudio/best; empty for yt-dlp's default."
        />
        <ConfigTextField
          section="downloads"
          name="format_sort"
          label="Format sort"
          help="yt-dlp format sort, comma-separated, e.g. res,codec:av1."
        />
        <ConfigTextField
          section="downloads"
          name="extractor_lang"
          label="Extractor language"
          help="A two-letter language code for titles and descriptions, e.g. en."
        />
        <ConfigToggleField
          section="downloads"
          name="add_metadata"
          label="Embed metadata"
          help="Write title, channel, description and chapters into the media file."
        />
        <ConfigToggleField
          section="downloads"
          name="add_thumbnail"
          label="Embed thumbnail"
          help="Write the thumbnail into the media file as its cover."
        />
      </div>
      <div className="settings-group">
        <h2>Subtitles</h2>
        <ConfigTextField
          section="downloads"
          name="subtitle"
          label="Subtitle languages"
          help="Comma-separated language codes, e.g. en,de; empty downloads no subtitles."
        />
        <ConfigSelectField
          section="downloads"
          name="subtitle_source"
          label="Subtitle source"
          emptyLabel="-- default --"
          options={[
            { value: 'user', label: 'only user created' },
            { value: 'auto', label: 'also auto generated' },
          ]}
          help="Auto generated subtitles fill in languages the uploader did not provide."
        />
        <ConfigToggleField
          section="downloads"
          name="subtitle_index"
          label="Index subtitles"
          help="Make subtitle lines searchable in the fulltext search."
        />
      </div>
      <div className="settings-group">
        <h2>Comments</h2>
        <ConfigTextField
          section="downloads"
          name="comment_max"
          label="Comments to download"
          help="max-comments,max-parents,max-replies,max-replies-per-thread, each a number or all, e.g. all,100,all,30; empty for none."
        />
        <ConfigSelectField
          section="downloads"
          name="comment_sort"
          label="Comment sort"
          options={[
            { value: 'top', label: 'top' },
            { value: 'new', label: 'new' },
          ]}
        />
      </div>
      <div className="settings-group">
        <h2>Cookie</h2>
        <CookieSettings />
      </div>
      <div className="settings-group">
        <h2>Integrations</h2>
        <PoTokenField />
        <ConfigTextField
          section="downloads"
          name="pot_provider_url"
          label="PO token provider"
          help="Base URL of a bgutil PO token provider, e.g. http://bgutil:4416; empty when not used."
        />
        <ConfigToggleField
          section="downloads"
          name="integrate_ryd"
          label="Return YouTube Dislike"
          help="Fetch dislike counts and ratings for downloaded videos."
        />
        <ConfigToggleField
          section="downloads"
          name="integrate_sponsorblock"
          label="SponsorBlock"
          help="Fetch sponsor segments so the player can skip them."
        />
        <ConfigToggleField
          section="application"
          name="enable_cast"
          label="Cast"
          help="Show the cast button on the video page."
        />
      </div>
      <div className="settings-group">
        <h2>Snapshots</h2>
        <SnapshotSettings />
      </div>
    </section>
  );
}
