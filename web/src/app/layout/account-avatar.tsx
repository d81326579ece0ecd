// The signed-in person as the top bar shows them: their name and their 28 px avatar. Shared by the bar
// (top-bar.tsx) and the phone's account menu (profile-menu.tsx), which name the same account button.
import { useProfile } from '../../lib/session';
import { UserAvatar } from '../../lib/user-avatar';

/** "First Last" of the signed-in person (either part may be missing). */
export function useAccountName(): string {
  const profile = useProfile();
  return [profile?.firstName, profile?.lastName].filter(Boolean).join(' ');
}

export function AccountAvatar() {
  const profile = useProfile();
  return (
    <UserAvatar
      firstName={profile?.firstName}
      lastName={profile?.lastName}
      src={profile?.profileImage}
      size={28}
    />
  );
}
