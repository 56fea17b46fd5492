/**
 * The health report's parts the web app shows: the task runners card of Settings: Dashboard, a channel's
 * and a playlist's subscription health (its About tab or page, the Downloads page for the channel), and
 * the subscriptions failing now and the installed yt-dlp with the last download (the Downloads page).
 */
export { TaskRunnersCard } from './components/task-runners-card.tsx';
export { ChannelHealthBox, PlaylistHealthBox } from './components/subscription-health.tsx';
export { FailingSubscriptions } from './components/failing-subscriptions.tsx';
export { DownloaderHealth } from './components/downloader-health.tsx';
