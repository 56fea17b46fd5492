import { ErrorText } from '../../../components/ui/error-text.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateChannel } from '../api/update-channel.ts';

interface ChannelSubscribeButtonProps {
  channelId: string;
  channelName: string;
  subscribed: boolean;
}

/** Subscribe or unsubscribe a channel; staff only (spec §6), so callers render it for staff. */
export function ChannelSubscribeButton({ channelId, channelName, subscribed }: ChannelSubscribeButtonProps) {
  const update = useUpdateChannel(channelId);
  return (
    <span className="subscribe-control">
      <button
        type="button"
        className={subscribed ? 'button' : 'button primary'}
        title={`${subscribed ? 'Unsubscribe from' : 'Subscribe to'} ${channelName}`}
        disabled={update.isPending}
        onClick={() => update.mutate({ channel_subscribed: !subscribed })}
      >
        {subscribed ? 'Unsubscribe' : 'Subscribe'}
      </button>
      {update.isError && <ErrorText>{errorMessage(update.error)}</ErrorText>}
    </span>
  );
}
