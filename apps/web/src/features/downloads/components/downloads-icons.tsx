import { Icon } from '../../../components/ui/icons.tsx';

// The Downloads page's own icons, in the shared frame (decorative; the buttons carry the name).
export function RescanIcon() {
  return (
    <Icon>
      <path d="M20 11a8 8 0 0 0-14.9-3.9L4 8.5" />
      <path d="M4 3.5v5h5" />
      <path d="M4 13a8 8 0 0 0 14.9 3.9l1.1-1.4" />
      <path d="M20 20.5v-5h-5" />
    </Icon>
  );
}

export function DownloadIcon() {
  return (
    <Icon>
      <path d="M12 3v12" />
      <path d="m7 10 5 5 5-5" />
      <path d="M4 19h16" />
    </Icon>
  );
}

export function AddIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8v8M8 12h8" />
    </Icon>
  );
}
