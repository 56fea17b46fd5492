/**
 * The health report's parts the web app shows: the task runners card of Settings: Dashboard, and a
 * channel's subscription health (its About tab, the Downloads page for it).
 */
export { TaskRunnersCard } from './components/task-runners-card.tsx';
export { ChannelHealthBox, FailingChannels } from './components/channel-health.tsx';
