import path from 'node:path';

export type ChannelArtKind = 'thumb' | 'banner' | 'tvart';

/** Where everything lives on disk (upstream §3.6, DESIGN.md §2): one place that knows the layout. */
export class ArchivePaths {
  constructor(private readonly dirs: { mediaDir: string; cacheDir: string }) {}

  /** relative to the media root, as stored in videos.media_url */
  static mediaUrl(channelId: string, videoId: string): string {
    return `${channelId}/${videoId}.mp4`;
  }

  static subtitleUrl(channelId: string, videoId: string, lang: string): string {
    return `${channelId}/${videoId}.${lang}.vtt`;
  }

  get mediaDir(): string {
    return this.dirs.mediaDir;
  }

  media(relative: string): string {
    return path.join(this.dirs.mediaDir, relative);
  }

  /** The cache folders of video thumbnails (one sub-folder per first letter), channel art and playlist art. */
  artDir(kind: 'videos' | 'channels' | 'playlists'): string {
    return path.join(this.dirs.cacheDir, kind);
  }

  videoThumb(videoId: string): string {
    return path.join(this.dirs.cacheDir, 'videos', videoId[0]!.toLowerCase(), `${videoId}.jpg`);
  }

  channelArt(channelId: string, kind: ChannelArtKind): string {
    return path.join(this.dirs.cacheDir, 'channels', `${channelId}_${kind}.jpg`);
  }

  playlistArt(playlistId: string): string {
    return path.join(this.dirs.cacheDir, 'playlists', `${playlistId}.jpg`);
  }

  defaultImage(name: DefaultImage): string {
    return path.join(this.dirs.cacheDir, 'default', `default-${name}.jpg`);
  }

  get importDir(): string {
    return path.join(this.dirs.cacheDir, 'import');
  }

  /** Work in progress of the manual import; a dot folder, so the import scan never sees it. */
  get importStagingDir(): string {
    return path.join(this.importDir, '.staging');
  }

  /**
   * Work in progress of the filesystem rescan: in the media folder, so staging a file found there is a
   * hard link, not a copy across volumes; a dot folder, so the rescan never takes it for a channel.
   */
  get rescanStagingDir(): string {
    return path.join(this.dirs.mediaDir, '.rescan-staging');
  }
}

export type DefaultImage =
  'video-thumb' | 'playlist-thumb' | 'channel-icon' | 'channel-banner' | 'channel-art';
