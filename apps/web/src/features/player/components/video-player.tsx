import type { Video } from '@tubekeeper/contract';
import { useEffect, useRef } from 'react';
import { useUpdateWatched } from '../../videos/index.ts';
import { useHelpDialog } from '../hooks/use-help-dialog.ts';
import { usePlayerKeys } from '../hooks/use-player-keys.ts';
import { useProgressSaver } from '../hooks/use-progress-saver.ts';
import { useSponsorSkip } from '../hooks/use-sponsor-skip.ts';
import { useToast } from '../hooks/use-toast.ts';
import { storedSpeed, storedVolume, storeSpeed, storeVolume } from '../lib/player-prefs.ts';
import type { SponsorSegment } from '../lib/sponsor-skip.ts';
import { KeyboardHelp } from './keyboard-help.tsx';
import { SponsorNotes } from './sponsor-notes.tsx';

export interface SeekRequest {
  seconds: number;
  /** changes on every request, so asking twice for the same position seeks twice */
  nonce: number;
}

interface VideoPlayerProps {
  video: Video;
  /** Where playback starts: `?t=` or the caller's saved position (seconds). */
  startAt?: number;
  autoPlay?: boolean;
  seekRequest?: SeekRequest;
  onEnded?: () => void;
}

/**
 * The HTML5 player (spec §2/§4): subtitles from our VTT files, keyboard shortcuts with their help,
 * SponsorBlock skipping, progress saving, and volume and speed remembered in the browser.
 */
export function VideoPlayer({ video, startAt, autoPlay = false, seekRequest, onEnded }: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const toast = useToast();
  const help = useHelpDialog();
  const progress = useProgressSaver(video.youtube_id, video.player.watched);
  const sponsor = useSponsorSkip(video.sponsorblock?.segments as SponsorSegment[] | undefined);
  const markWatched = useUpdateWatched();
  usePlayerKeys({ videoRef, frameRef, toast: toast.show, toggleHelp: help.toggle });

  useEffect(() => {
    const element = videoRef.current;
    if (!element || !seekRequest) return;
    element.currentTime = seekRequest.seconds;
    element.play()?.catch(() => undefined);
  }, [seekRequest]);

  const onLoadedMetadata = (element: HTMLVideoElement) => {
    element.volume = storedVolume();
    element.playbackRate = storedSpeed();
    if (startAt && startAt > 0 && (!Number.isFinite(element.duration) || startAt < element.duration)) {
      element.currentTime = startAt;
    }
  };

  const onVideoEnded = () => {
    if (!video.player.watched) markWatched.mutate({ id: video.youtube_id, is_watched: true });
    onEnded?.();
  };

  return (
    <div className="player">
      <div className="player-frame" ref={frameRef}>
        <video
          key={video.youtube_id}
          ref={videoRef}
          className="player-video"
          controls
          playsInline
          preload="metadata"
          autoPlay={autoPlay}
          poster={video.vid_thumb_url}
          src={video.media_url}
          onLoadedMetadata={(event) => onLoadedMetadata(event.currentTarget)}
          onTimeUpdate={(event) => {
            sponsor.onTimeUpdate(event.currentTarget);
            progress.onTimeUpdate(event.currentTarget.currentTime);
          }}
          onPause={(event) => progress.onPause(event.currentTarget.currentTime, event.currentTarget.duration)}
          onEnded={onVideoEnded}
          onVolumeChange={(event) => storeVolume(event.currentTarget.volume)}
          onRateChange={(event) => storeSpeed(event.currentTarget.playbackRate)}
        >
          {video.subtitles.map((subtitle) => (
            <track
              key={subtitle.lang}
              kind="subtitles"
              src={subtitle.media_url}
              srcLang={subtitle.lang}
              label={subtitle.source === 'auto' ? `${subtitle.name} - auto` : subtitle.name}
            />
          ))}
        </video>
        {toast.message && (
          <div key={toast.message.id} className="player-toast" role="status">
            {toast.message.text}
          </div>
        )}
        {help.open && <KeyboardHelp onClose={help.close} />}
      </div>
      <div className="player-bar">
        <button type="button" className="button small" aria-haspopup="dialog" onClick={help.toggle}>
          Keyboard shortcuts (?)
        </button>
      </div>
      <SponsorNotes
        youtubeId={video.youtube_id}
        sponsorblock={video.sponsorblock}
        skipped={sponsor.skipped}
      />
    </div>
  );
}
