import { ErrorText } from '../../../components/ui/error-text.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useChannel } from '../api/get-channel.ts';
import { ChannelOverview } from './channel-overview.tsx';

/** The channel box for a page that knows only the channel id (a playlist page). */
export function ChannelBox({ channelId }: { channelId: string }) {
  const channel = useChannel(channelId);
  if (channel.isPending) return <Spinner label="Loading channel" />;
  if (channel.isError) return <ErrorText>{errorMessage(channel.error)}</ErrorText>;
  return <ChannelOverview channel={channel.data} />;
}
