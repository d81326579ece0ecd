// The channels of each notification type: a table of types (rows) by channels (columns), one checkbox per
// cell, each named for both ("Mention by e-mail"). An antd form control: `value` and `onChange`.
import { NOTIFICATION_CHANNELS, type NotificationChannel, type NotificationChannels } from '@hearth/contract';
import { Checkbox } from 'antd';
import { TYPE_LABEL } from './notification-logic';
import { CHANNEL_LABEL, channelSwitchLabel } from './preferences-logic';

type Props = {
  value?: NotificationChannels[];
  onChange?: (value: NotificationChannels[]) => void;
};

export function ChannelTable({ value = [], onChange }: Props) {
  const set = (index: number, channel: NotificationChannel, on: boolean) =>
    onChange?.(value.map((row, i) => (i === index ? { ...row, [channel]: on } : row)));
  return (
    <table className="channel-table">
      <caption className="visually-hidden">How you are notified of each type</caption>
      <thead>
        <tr>
          <th scope="col">Type</th>
          {NOTIFICATION_CHANNELS.map((channel) => (
            <th key={channel} scope="col">
              {CHANNEL_LABEL[channel]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {value.map((row, index) => (
          <tr key={row.type}>
            <th scope="row">{TYPE_LABEL[row.type]}</th>
            {NOTIFICATION_CHANNELS.map((channel) => (
              <td key={channel}>
                <Checkbox
                  aria-label={channelSwitchLabel(row.type, channel)}
                  checked={row[channel]}
                  onChange={(e) => set(index, channel, e.target.checked)}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
