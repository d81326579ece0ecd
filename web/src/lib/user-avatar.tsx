// A person's picture, or their initials when they have none.
import { Avatar } from 'antd';

type Props = { firstName?: string; lastName?: string; src?: string | null; size?: number };

export function UserAvatar({ firstName = '', lastName = '', src, size = 40 }: Props) {
  const initials = `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
  return (
    <Avatar
      size={size}
      src={src || undefined}
      alt={`${firstName} ${lastName}`.trim()}
      style={{ flexShrink: 0 }}
    >
      {initials || '?'}
    </Avatar>
  );
}
