import { useQueryClient } from '@tanstack/react-query';
import { clearQueue, startTaskByName } from '../api/actions.ts';
import { ActionRow } from '../components/action-row.tsx';
import { BackupSection } from '../components/backup-section.tsx';

/**
 * Spec §2 Settings: Actions (staff): emptying the download queue, the manual import, embedding thumbnails
 * into the media files and, in the Danger Zone, the filesystem rescan (asked before it starts).
 */
export function ActionsRoute() {
  const queryClient = useQueryClient();
  const clear = async (filter: 'pending' | 'ignore') => {
    await clearQueue(filter);
    // the Downloads page's lists and counts (its key root)
    await queryClient.invalidateQueries({ queryKey: ['downloads'] });
  };
  return (
    <section>
      <h1>Actions</h1>
      <div className="settings-group">
        <h2>Delete download queue</h2>
        <p className="help-text">Removes every ignored or every queued video from the download queue.</p>
        <div className="action-buttons">
          <ActionRow
            buttonLabel="Delete all ignored"
            progressText="Deleting download queue: ignored"
            start={() => clear('ignore')}
            danger
          />
          <ActionRow
            buttonLabel="Delete all queued"
            progressText="Deleting download queue: pending"
            start={() => clear('pending')}
            danger
          />
        </div>
      </div>
      <div className="settings-group">
        <h2>Manual media files import</h2>
        <p className="help-text">
          Imports the videos placed in the <code>import</code> folder of the cache directory: media files with
          their .info.json, thumbnail and subtitles, as yt-dlp writes them.
        </p>
        <ActionRow
          buttonLabel="Start import"
          progressText="Processing import"
          start={() => startTaskByName('manual_import')}
        />
      </div>
      <div className="settings-group">
        <h2>Embed thumbnails into media files</h2>
        <p className="help-text">
          Writes each video&apos;s thumbnail as cover art, with its title, channel and description, into its
          media file.
        </p>
        <ActionRow
          buttonLabel="Start process"
          progressText="Processing thumbnails"
          start={() => startTaskByName('resync_thumbs')}
        />
      </div>
      <BackupSection />
      <div className="settings-group">
        <h2>Rescan filesystem</h2>
        <p>
          <span className="danger-zone">Danger Zone</span>: this deletes the metadata of videos whose files
          were deleted from the media folder.
        </p>
        <p className="help-text">
          Compares the media folder with the archive: videos whose file is gone are removed, media files
          without an entry are indexed where they lie, and files that cannot be read are listed and left
          alone.
        </p>
        <ActionRow
          buttonLabel="Rescan filesystem"
          progressText="File system scan in progress"
          start={() => startTaskByName('rescan_filesystem')}
          confirm="Remove every video whose file is missing from the archive, and index the files it does not know yet?"
          danger
        />
      </div>
    </section>
  );
}
