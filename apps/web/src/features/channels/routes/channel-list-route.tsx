import { ErrorText } from '../../../components/ui/error-text.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePageParam } from '../../../lib/use-page-param.ts';
import { isStaff, useAccount, useUserConfig } from '../../session/index.ts';
import { SubscribeForm } from '../../subscriptions/index.ts';
import { ViewControls } from '../../videos/index.ts';
import { useChannelList } from '../api/list-channels.ts';
import { ChannelCards } from '../components/channel-cards.tsx';

/** Spec §2 Channel list: subscribe form (staff), show-subscribed-only, grid/list, cards, pagination, empty text. */
export function ChannelListRoute() {
  const config = useUserConfig();
  const staff = isStaff(useAccount());
  const page = usePageParam();
  const list = useChannelList({
    ...(config.show_subed_only && { filter: 'subscribed' as const }),
    ...(page > 1 && { page }),
  });
  return (
    <section>
      <h1>Channels</h1>
      {staff && <SubscribeForm kind="channel" />}
      <ViewControls
        viewKey="view_style_channel"
        toggle={{ key: 'show_subed_only', label: 'Show subscribed only' }}
      />
      {list.isPending && <Spinner label="Loading channels" />}
      {list.isError && <ErrorText>{errorMessage(list.error)}</ErrorText>}
      {list.data &&
        (list.data.data.length === 0 ? (
          <div className="empty-state">
            <h2>No channels found...</h2>
          </div>
        ) : (
          <>
            <ChannelCards channels={list.data.data} />
            <Pagination paginate={list.data.paginate} />
          </>
        ))}
    </section>
  );
}
