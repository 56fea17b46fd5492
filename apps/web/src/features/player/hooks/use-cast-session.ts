import type { Video } from '@tubekeeper/contract';
import { useEffect, useRef } from 'react';
import { saveProgress } from '../api/save-progress.ts';
import { castStartPosition, loadCastSender, type CastApi, type RemotePlayer } from '../lib/cast-sender.ts';
import { initialTick, onTick, shouldSaveOnPause } from '../lib/progress-rules.ts';

function loadRequest(api: CastApi, video: Video, position: number | undefined) {
  const { media, Image } = api.chrome;
  const origin = window.location.origin;
  const info = new media.MediaInfo(`${origin}${video.media_url}`, 'video/mp4');
  const metadata = new media.GenericMediaMetadata();
  metadata.title = video.title;
  metadata.images = [new Image(`${origin}${video.vid_thumb_url}`)];
  info.metadata = metadata;
  info.tracks = video.subtitles.map((subtitle, index) => {
    const track = new media.Track(index, media.TrackType.TEXT);
    Object.assign(track, {
      trackContentId: `${origin}${subtitle.media_url}`,
      trackContentType: 'text/vtt',
      subtype: media.TextTrackType.SUBTITLES,
      name: subtitle.name,
      language: subtitle.lang,
    });
    return track;
  });
  const request = new media.LoadRequest(info);
  request.currentTime = castStartPosition(position);
  return request;
}

/**
 * Casting one video: when a cast device connects the video is loaded there, and the device's playback
 * reports progress through the same call and rules as the page's player (spec §7/§9).
 */
export function useCastSession(video: Video) {
  const latest = useRef(video);
  useEffect(() => {
    latest.current = video;
  });

  useEffect(() => {
    let cleanup = () => {};
    let cancelled = false;
    void loadCastSender().then((api) => {
      if (!api || cancelled) return;
      const context = api.framework.CastContext.getInstance();
      context.setOptions({
        receiverApplicationId: api.chrome.media.DEFAULT_MEDIA_RECEIVER_APP_ID,
        autoJoinPolicy: api.chrome.AutoJoinPolicy.ORIGIN_SCOPED,
      });
      const player: RemotePlayer = new api.framework.RemotePlayer();
      const controller = new api.framework.RemotePlayerController(player);
      const events = api.framework.RemotePlayerEventType;
      let tick = initialTick;
      const isOurs = () => player.mediaInfo?.contentId.includes(latest.current.youtube_id) ?? false;
      const onConnected = () => {
        const session = context.getCurrentSession();
        if (!player.isConnected || !session) return;
        void session.loadMedia(loadRequest(api, latest.current, latest.current.player.position));
      };
      const onTime = () => {
        if (!isOurs()) return;
        const next = onTick(tick, player.currentTime);
        tick = next.state;
        if (next.save)
          void saveProgress(latest.current.youtube_id, player.currentTime).catch(() => undefined);
      };
      const onPaused = () => {
        if (isOurs() && player.isPaused && shouldSaveOnPause(player.currentTime, player.duration)) {
          void saveProgress(latest.current.youtube_id, player.currentTime).catch(() => undefined);
        }
      };
      const listeners: [string, () => void][] = [
        [events.IS_CONNECTED_CHANGED, onConnected],
        [events.CURRENT_TIME_CHANGED, onTime],
        [events.IS_PAUSED_CHANGED, onPaused],
      ];
      listeners.forEach(([type, listener]) => controller.addEventListener(type, listener));
      cleanup = () => listeners.forEach(([type, listener]) => controller.removeEventListener(type, listener));
    });
    return () => {
      cancelled = true;
      cleanup();
    };
  }, []);
}
