import { useId } from 'react';

interface ToggleSwitchProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** A checkbox drawn as a switch; it stays a real checkbox so keyboards and screen readers work. */
export function ToggleSwitch({ label, checked, onChange, disabled = false }: ToggleSwitchProps) {
  const id = useId();
  return (
    <label className="toggle-switch" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="toggle-switch-track" aria-hidden="true" />
      <span>{label}</span>
    </label>
  );
}
