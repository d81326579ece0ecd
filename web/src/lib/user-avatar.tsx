// A person's picture, or their initials when they have none.
import { Avatar } from 'antd';
import { NEUTRAL_BADGE_BG } from '../app/theme';

type Props = { firstName?: string; lastName?: string; src?: string | null; size?: number };

export function UserAvatar({ firstName = '', lastName = '', src, size = 40 }: Props) {
  const initials = `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
  return (
    <Avatar
      size={size}
      src={src || undefined}
      alt={`${firstName} ${lastName}`.trim()}
      // antd's default grey is 2.3:1 under white initials in the dark theme.
      style={{ flexShrink: 0, backgroundColor: src ? undefined : NEUTRAL_BADGE_BG }}
    >
      {initials || '?'}
    </Avatar>
  );
}
