import type { UserConfig } from '@tubekeeper/contract';

/*
 * The web app imports only types from @tubekeeper/contract: its runtime values sit in modules that
 * build zod schemas, and importing one pulls zod into the browser bundle. Values the UI needs are
 * restated here with types that make the compiler check them against the contract.
 */
/** The spec's theme names; the stored value may also be upstream's spelling ("light.css"). */
export type Theme = Exclude<UserConfig['stylesheet'], `${string}.css`>;

/** The theme a stored stylesheet names: upstream clients store "light.css" for "light". */
export function themeOf(stylesheet: UserConfig['stylesheet']): Theme {
  return stylesheet.replace(/\.css$/, '') as Theme;
}

/** Display names. A Record, so a theme added to the contract fails the typecheck until it is named. */
export const THEME_LABELS: Record<Theme, string> = {
  dark: 'Dark',
  light: 'Light',
  matrix: 'Matrix',
  midnight: 'Midnight',
};

export const THEMES = Object.keys(THEME_LABELS) as Theme[];

// The server's user config is the source of truth; this copy only lets the first paint (and the login
// page, which has no user config) use the last theme instead of flashing the default.
const STORAGE_KEY = 'tubekeeper.theme';

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as string[]).includes(value);
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Storage can be disabled (private mode); the theme still applies for this page.
  }
}

export function applyStoredTheme(): void {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    stored = null;
  }
  if (isTheme(stored)) document.documentElement.dataset.theme = stored;
}
