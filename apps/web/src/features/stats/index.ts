/** The Settings dashboard's statistic cards (upstream §5); `StatCard` frames a card any feature may add. */
export { StatCard, QueryBody, Figures } from './components/stat-card.tsx';
export { VideoStatsCard } from './components/video-stats-card.tsx';
export { SubscriptionStatsCard } from './components/subscription-stats-card.tsx';
export { DownloadQueueCard } from './components/download-queue-card.tsx';
export { WatchProgressCard } from './components/watch-progress-card.tsx';
export { DownloadHistoryCard } from './components/download-history-card.tsx';
export { BiggestChannelsCard } from './components/biggest-channels-card.tsx';
