/** Spec §2 Player keyboard help. */
export const PLAYER_KEYS: [key: string, label: string][] = [
  ['?', 'Show or hide this help'],
  ['m', 'Mute or unmute'],
  ['f', 'Fullscreen on or off'],
  ['c', 'Subtitles on or off'],
  ['>', 'Faster'],
  ['<', 'Slower'],
  ['=', 'Reset speed'],
  ['←', 'Back 5 seconds'],
  ['→', 'Forward 5 seconds'],
];

export function KeyboardHelp({ onClose }: { onClose: () => void }) {
  return (
    <div className="keyboard-help" role="dialog" aria-label="Keyboard shortcuts">
      <div className="keyboard-help-head">
        <h2>Keyboard shortcuts</h2>
        <button type="button" className="button small" onClick={onClose}>
          Close
        </button>
      </div>
      <dl className="facts">
        {PLAYER_KEYS.map(([key, label]) => (
          <div key={key} className="keyboard-help-row">
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{label}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
