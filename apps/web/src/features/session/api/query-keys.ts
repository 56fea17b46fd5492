/** Query keys of the signed-in session's data, shared by the loader, the shell and the settings pages. */
export const sessionKeys = {
  ping: ['session', 'ping'] as const,
  account: ['session', 'account'] as const,
  userConfig: ['session', 'user-config'] as const,
  appConfig: ['session', 'app-config'] as const,
};
