/**
 * The signed-in session (ping, account, user config, app config, logout): the public surface other
 * features and the app shell may import. Everything else in a feature folder stays internal to it.
 */
export { sessionKeys } from './api/query-keys.ts';
export { ping, pingQueryOptions, usePing } from './api/ping.ts';
export { accountQueryOptions, isStaff, useAccount } from './api/get-account.ts';
export { userConfigQueryOptions, useUserConfig } from './api/get-user-config.ts';
export { useUpdateUserConfig, type UserConfigChanges } from './api/update-user-config.ts';
export { appConfigQueryOptions, useAppConfig } from './api/get-app-config.ts';
export { logout } from './api/logout.ts';
