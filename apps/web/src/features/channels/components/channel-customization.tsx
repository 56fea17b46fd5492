import type { Channel } from '@tubekeeper/contract';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { ToggleSwitch } from '../../../components/ui/toggle-switch.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateChannel } from '../api/update-channel.ts';
import { OverwriteField } from './overwrite-field.tsx';

/** A stored value as the key of its field, so a saved change restarts the field from the new value. */
const keyOf = (value: unknown) => JSON.stringify(value ?? null);

/**
 * Spec §2 Channel about, staff only: Channel Customization (download format, auto-delete under a
 * Danger Zone, index playlists, SponsorBlock override) and Page Size Overrides (0 disables).
 */
export function ChannelCustomization({ channel }: { channel: Channel }) {
  const update = useUpdateChannel(channel.channel_id);
  const overwrites = channel.channel_overwrites;
  const common = {
    disabled: update.isPending,
    save: (body: Parameters<typeof update.mutate>[0]) => update.mutate(body),
  };
  const sponsorblock = overwrites.integrate_sponsorblock;
  const pageSize = (
    label: string,
    name:
      'subscriptions_channel_size' | 'subscriptions_shorts_channel_size' | 'subscriptions_live_channel_size',
  ) => (
    <OverwriteField
      key={`${name}${keyOf(overwrites[name])}`}
      label={label}
      name={name}
      kind="number"
      stored={overwrites[name]}
      {...common}
    />
  );

  return (
    <div className="customization">
      <section className="settings-group">
        <h2>Channel Customization</h2>
        <OverwriteField
          key={keyOf(overwrites.download_format)}
          label="Download format"
          name="download_format"
          kind="text"
          stored={overwrites.download_format}
          {...common}
        />
        <h3 className="danger-text">Danger Zone</h3>
        <OverwriteField
          key={keyOf(overwrites.autodelete_days)}
          label="Auto delete watched videos after x days"
          name="autodelete_days"
          kind="number"
          stored={overwrites.autodelete_days}
          {...common}
        />
        <div className="setting-row">
          <span>Index playlists</span>
          <ToggleSwitch
            label={overwrites.index_playlists ? 'On' : 'Off'}
            checked={overwrites.index_playlists ?? false}
            disabled={update.isPending}
            onChange={(checked) =>
              update.mutate({ channel_overwrites: { index_playlists: checked || null } })
            }
          />
        </div>
        <div className="setting-row">
          <span>
            Overwrite{' '}
            <a href="https://sponsor.ajay.app/" target="_blank" rel="noopener noreferrer">
              SponsorBlock
            </a>
          </span>
          <div className="setting-control">
            {sponsorblock === undefined || sponsorblock === null ? (
              <button
                type="button"
                className="button"
                disabled={update.isPending}
                onClick={() => update.mutate({ channel_overwrites: { integrate_sponsorblock: false } })}
              >
                Configure
              </button>
            ) : (
              <>
                <ToggleSwitch
                  label={sponsorblock ? 'On' : 'Off'}
                  checked={sponsorblock}
                  disabled={update.isPending}
                  onChange={(checked) =>
                    update.mutate({ channel_overwrites: { integrate_sponsorblock: checked } })
                  }
                />
                <button
                  type="button"
                  className="button"
                  disabled={update.isPending}
                  onClick={() => update.mutate({ channel_overwrites: { integrate_sponsorblock: null } })}
                >
                  reset
                </button>
              </>
            )}
          </div>
        </div>
      </section>
      <section className="settings-group">
        <h2>Page Size Overrides</h2>
        <p className="muted">
          Disable standard videos, shorts, or streams for this channel by setting their page size to 0 (zero).
        </p>
        {pageSize('Videos page size', 'subscriptions_channel_size')}
        {pageSize('Shorts page size', 'subscriptions_shorts_channel_size')}
        {pageSize('Live streams page size', 'subscriptions_live_channel_size')}
      </section>
      {update.isError && <ErrorText>{errorMessage(update.error)}</ErrorText>}
    </div>
  );
}
