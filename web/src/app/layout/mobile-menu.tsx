// The menu in a drawer below 600 px. Its own chunk: desktops never load antd's Drawer.
import { Drawer } from 'antd';
import { Brand } from './brand';
import { SideMenu } from './side-menu';

type Props = { open: boolean; onClose: () => void; home: string; roleId: number };

export default function MobileMenu({ open, onClose, home, roleId }: Props) {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      size={260}
      title={<Brand to={home} light />}
      className="menu-drawer"
      styles={{ body: { padding: 0 } }}
    >
      <nav aria-label="Main">
        <SideMenu roleId={roleId} onNavigate={onClose} />
      </nav>
    </Drawer>
  );
}
