import { useEffect, useRef, type RefObject } from 'react';
import { isShortcutFree } from '../../../lib/keyboard.ts';
import { DEFAULT_SPEED, stepSpeed } from '../lib/playback-speed.ts';

/** Spec §9: the arrow keys seek 5 s. */
export const SEEK_STEP_S = 5;

interface PlayerKeysOptions {
  videoRef: RefObject<HTMLVideoElement | null>;
  /** The element that goes fullscreen (player plus its help and toasts). */
  frameRef: RefObject<HTMLElement | null>;
  toast: (message: string, durationMs?: number) => void;
  toggleHelp: () => void;
}

type Action = (video: HTMLVideoElement, options: PlayerKeysOptions) => void;

function toggleSubtitles(video: HTMLVideoElement): boolean {
  const tracks = Array.from(video.textTracks);
  const showing = tracks.some((track) => track.mode === 'showing');
  tracks.forEach((track, index) => {
    track.mode = !showing && index === 0 ? 'showing' : 'disabled';
  });
  return !showing && tracks.length > 0;
}

function toggleFullscreen(frame: HTMLElement | null, toast: PlayerKeysOptions['toast']) {
  if (document.fullscreenElement) {
    document.exitFullscreen().catch(() => toast('Unable to exit fullscreen', 3000));
    return;
  }
  if (!frame?.requestFullscreen) {
    toast('Unable to enter fullscreen', 3000);
    return;
  }
  frame.requestFullscreen().catch(() => toast('Unable to enter fullscreen', 3000));
}

const setSpeed = (video: HTMLVideoElement, speed: number, toast: PlayerKeysOptions['toast']) => {
  video.playbackRate = speed;
  toast(`Speed: ${speed}x`);
};

const seek = (video: HTMLVideoElement, by: number, toast: PlayerKeysOptions['toast']) => {
  const end = Number.isFinite(video.duration) ? video.duration : Number.POSITIVE_INFINITY;
  video.currentTime = Math.min(end, Math.max(0, video.currentTime + by));
  toast(by > 0 ? `+${by} s` : `${by} s`);
};

/** Spec §2 Player keyboard help: ? m f c > < = Left Right. */
const ACTIONS: Record<string, Action> = {
  '?': (_video, { toggleHelp }) => toggleHelp(),
  m: (video, { toast }) => {
    video.muted = !video.muted;
    toast(video.muted ? 'Muted' : 'Unmuted');
  },
  f: (_video, { frameRef, toast }) => toggleFullscreen(frameRef.current, toast),
  c: (video, { toast }) => toast(toggleSubtitles(video) ? 'Subtitles on' : 'Subtitles off'),
  '>': (video, { toast }) => setSpeed(video, stepSpeed(video.playbackRate, 1), toast),
  '<': (video, { toast }) => setSpeed(video, stepSpeed(video.playbackRate, -1), toast),
  '=': (video, { toast }) => setSpeed(video, DEFAULT_SPEED, toast),
  ArrowLeft: (video, { toast }) => seek(video, -SEEK_STEP_S, toast),
  ArrowRight: (video, { toast }) => seek(video, SEEK_STEP_S, toast),
};

/** Listens on the document, so the keys work without focusing the video first. */
export function usePlayerKeys(options: PlayerKeysOptions) {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isShortcutFree(event)) return;
      const action =
        ACTIONS[event.key.length === 1 ? event.key.toLowerCase() : event.key] ?? ACTIONS[event.key];
      const video = latest.current.videoRef.current;
      if (!action || !video) return;
      // Claims the key: the page's pagination and scrolling must not react as well.
      event.preventDefault();
      action(video, latest.current);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
