// The phone's account menu (issue 33): below 600 px the top bar keeps the menu button, search, bell and
// this avatar button; the name, the appearance choice, the profile settings and logging out are inside it.
// Its own chunk (antd's Dropdown and Menu), loaded when the avatar is first tapped (top-bar.tsx
// AccountButton): on a phone's first load it cost the news page a third more blocking time (Lighthouse).
import { CheckOutlined, LogoutOutlined, SettingOutlined } from '@ant-design/icons';
import { PATHS } from '@hearth/contract';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/logout';
import { type ColorPreference, setColorPreference, useColorMode } from '../color-mode';
import { AccountAvatar, useAccountName } from './account-avatar';
import { COLOR_CHOICES } from './color-mode-menu';
import './profile-menu.css';

type Props = {
  hasProfilePages: boolean /** Open at once: the tap that loaded it asked for it. */;
  open?: boolean;
};

export default function ProfileMenu({ hasProfilePages, open: openAtFirst = false }: Props) {
  const [open, setOpen] = useState(openAtFirst);
  const name = useAccountName();
  const navigate = useNavigate();
  const logout = useLogout();
  const { preference } = useColorMode();

  const items: MenuProps['items'] = [
    ...(hasProfilePages
      ? [{ key: 'settings', icon: <SettingOutlined aria-hidden />, label: 'Profile settings' }]
      : []),
    { type: 'divider' as const },
    {
      type: 'group',
      key: 'appearance',
      label: 'Appearance',
      children: COLOR_CHOICES.map((c) => ({
        key: `mode-${c.value}`,
        // The chosen one is checked, for the eye and for a screen reader.
        role: 'menuitemradio',
        'aria-checked': c.value === preference,
        icon: (
          <CheckOutlined
            aria-hidden
            className={c.value === preference ? undefined : 'profile-menu-unchecked'}
          />
        ),
        label: c.label,
      })),
    },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: 'Log out', danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    setOpen(false);
    if (key === 'settings') navigate(PATHS.editProfile);
    else if (key === 'logout') logout.mutate();
    else if (key.startsWith('mode-')) setColorPreference(key.slice(5) as ColorPreference);
  };

  return (
    <Dropdown
      menu={{ items, onClick }}
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
      // Whose account it is, above the menu (not an item: nothing to choose).
      popupRender={(menu) => (
        <div className="profile-menu-popup">
          <div className="profile-menu-name" data-testid="user-first-name">
            {name}
          </div>
          {menu}
        </div>
      )}
    >
      <Button
        type="text"
        className="profile-menu-button"
        aria-label={`Account: ${name}`}
        loading={logout.isPending}
      >
        <AccountAvatar />
      </Button>
    </Dropdown>
  );
}
