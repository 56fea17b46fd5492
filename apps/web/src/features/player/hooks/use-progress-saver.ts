import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { videoKeys } from '../../videos/index.ts';
import { saveProgress } from '../api/save-progress.ts';
import { initialTick, onTick, shouldSaveOnPause, type TickState } from '../lib/progress-rules.ts';

/**
 * Saves the caller's position while a video plays (spec §9) and refreshes what depends on it: the
 * video once it turns watched, and the lists (Continue Watching) when the player goes away.
 */
export function useProgressSaver(youtubeId: string, watched: boolean) {
  const queryClient = useQueryClient();
  const tick = useRef<TickState>(initialTick);
  const savedSomething = useRef(false);

  useEffect(() => {
    tick.current = initialTick;
    return () => {
      if (savedSomething.current) void queryClient.invalidateQueries({ queryKey: videoKeys.lists() });
      savedSomething.current = false;
    };
  }, [youtubeId, queryClient]);

  const save = (position: number) => {
    savedSomething.current = true;
    saveProgress(youtubeId, position)
      .then((player) => {
        if (player.watched && !watched) void queryClient.invalidateQueries({ queryKey: videoKeys.all });
      })
      .catch((error: unknown) => console.warn('Saving the playback position failed', error));
  };

  return {
    onTimeUpdate: (time: number) => {
      const next = onTick(tick.current, time);
      tick.current = next.state;
      if (next.save) save(time);
    },
    onPause: (time: number, duration: number) => {
      if (shouldSaveOnPause(time, duration)) save(time);
    },
  };
}
