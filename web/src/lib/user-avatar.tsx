// A person's picture, or their initials when they have none or it fails to load.
// Not antd's Avatar: that one measures its text after every mount (a forced layout per avatar) and renders
// twice, which was the largest single cost of drawing a post with its comments on a phone. Initials are
// sized from the avatar's size instead, so they always fit.
import { useState } from 'react';
import { NEUTRAL_BADGE_BG } from './neutral-badge';
import './user-avatar.css';

type Props = { firstName?: string; lastName?: string; src?: string | null; size?: number };

export function UserAvatar({ firstName = '', lastName = '', src, size = 40 }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const initials = `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
  const showImage = Boolean(src) && src !== failedSrc;
  return (
    <span
      className="user-avatar"
      style={{
        width: size,
        height: size,
        fontSize: Math.round(size * 0.4),
        // A neutral brown that keeps white initials above 4.5:1 in both themes.
        backgroundColor: showImage ? undefined : NEUTRAL_BADGE_BG,
      }}
    >
      {showImage ? (
        <img
          src={src ?? undefined}
          alt={`${firstName} ${lastName}`.trim()}
          width={size}
          height={size}
          decoding="async"
          onError={() => setFailedSrc(src ?? null)}
        />
      ) : (
        // The name is always written beside the avatar (or names its button); the initials only repeat it.
        // Drawn by CSS, not as text: a button holding an avatar is named by its label, and visible text
        // that the label lacks would break "label in name" (WCAG 2.5.3) for speech users.
        <span aria-hidden="true" className="user-avatar-initials" data-initials={initials || '?'} />
      )}
    </span>
  );
}
