/**
 * Google's cast sender (spec §1/§7: loaded from a third party, only when application.enable_cast is
 * on). Just the few calls we use are typed here; the script defines `cast` and `chrome.cast` globally.
 */
export const CAST_SENDER_URL = 'https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1';

export interface RemotePlayer {
  isConnected: boolean;
  isPaused: boolean;
  currentTime: number;
  duration: number;
  mediaInfo: { contentId: string } | null;
}

interface CastFramework {
  CastContext: {
    getInstance(): {
      setOptions(options: Record<string, unknown>): void;
      getCurrentSession(): { loadMedia(request: unknown): Promise<unknown> } | null;
    };
  };
  RemotePlayer: new () => RemotePlayer;
  RemotePlayerController: new (player: RemotePlayer) => {
    addEventListener(type: string, listener: () => void): void;
    removeEventListener(type: string, listener: () => void): void;
  };
  RemotePlayerEventType: Record<
    'IS_CONNECTED_CHANGED' | 'CURRENT_TIME_CHANGED' | 'IS_PAUSED_CHANGED',
    string
  >;
}

type ChromeCastMedia = Record<string, unknown> & {
  DEFAULT_MEDIA_RECEIVER_APP_ID: string;
  MediaInfo: new (contentId: string, contentType: string) => Record<string, unknown>;
  GenericMediaMetadata: new () => Record<string, unknown>;
  LoadRequest: new (mediaInfo: unknown) => Record<string, unknown>;
  Track: new (id: number, type: string) => Record<string, unknown>;
  TrackType: { TEXT: string };
  TextTrackType: { SUBTITLES: string };
};

export interface CastApi {
  framework: CastFramework;
  chrome: {
    media: ChromeCastMedia;
    Image: new (url: string) => unknown;
    AutoJoinPolicy: { ORIGIN_SCOPED: string };
  };
}

type CastWindow = Window & {
  __onGCastApiAvailable?: (available: boolean) => void;
  cast?: { framework: CastFramework };
  chrome?: { cast?: CastApi['chrome'] };
};

let loading: Promise<CastApi | null> | null = null;

/** Loads the sender script once; resolves null when casting is not available in this browser. */
export function loadCastSender(): Promise<CastApi | null> {
  loading ??= new Promise((resolve) => {
    const win = window as CastWindow;
    win.__onGCastApiAvailable = (available) => {
      const framework = win.cast?.framework;
      const chromeCast = win.chrome?.cast;
      resolve(available && framework && chromeCast ? { framework, chrome: chromeCast } : null);
    };
    const script = document.createElement('script');
    script.src = CAST_SENDER_URL;
    script.async = true;
    script.onerror = () => resolve(null);
    document.head.append(script);
  });
  return loading;
}

/** Spec §9: the cast restarts 3 s before the saved position when that is above 5 s. */
export function castStartPosition(position: number | undefined): number {
  return position !== undefined && position > 5 ? position - 3 : 0;
}
