/** Channels: the pieces other pages show (the channel box on video and playlist pages). */
export { ChannelOverview } from './components/channel-overview.tsx';
export { ChannelBox } from './components/channel-box.tsx';
