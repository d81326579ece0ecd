// The staff bell (product.md section 2, Menus): the unviewed count on a bell, a panel with the newest
// notifications (title, type, relative time; unviewed ones emphasised). Opening one marks it viewed and
// goes to its object; Clear All marks all viewed; "See all notifications" opens the notification centre. Load failures show the server's message (section 8).
import { BellOutlined, DesktopOutlined } from '@ant-design/icons';
import { type Notification, PATHS } from '@hearth/contract';
import { Badge, Button, Empty, Popover, Spin, Tag } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { requestIdOf } from '../../lib/api-error';
import { ErrorReference } from '../../lib/error-reference';
import { isIosBrowserTab } from '../../lib/install';
import { errorText } from '../../lib/notify';
import { When } from '../../lib/time-text';
import { useNotifications, useViewAllNotifications, useViewNotification } from './api';
import { bellLabel, notificationTarget, TYPE_COLOR, TYPE_LABEL } from './notification-logic';
import './notifications.css';
import { useLiveNotificationCount } from './use-live-count';
import { useWebPush } from './use-web-push';

function NotificationItem({ item, onOpen }: { item: Notification; onOpen: (n: Notification) => void }) {
  return (
    <li>
      <button
        type="button"
        className={`notification-item${item.viewed ? '' : ' notification-item-unviewed'}`}
        data-testid="notification-item"
        onClick={() => onOpen(item)}
      >
        {!item.viewed && <span className="notification-dot" aria-hidden />}
        {!item.viewed && <span className="visually-hidden">Unviewed: </span>}
        <span className="notification-body">
          <span className="notification-title">{item.title}</span>
          <span className="notification-meta">
            <Tag color={TYPE_COLOR[item.type]} variant="filled">
              {TYPE_LABEL[item.type]}
            </Tag>
            <span className="text-secondary notification-time">
              <When value={item.sentAt} />
            </span>
          </span>
        </span>
      </button>
    </li>
  );
}

export function NotificationBell() {
  useLiveNotificationCount();
  const push = useWebPush();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const list = useNotifications();
  const view = useViewNotification();
  const viewAll = useViewAllNotifications();
  const unviewed = list.data?.unviewed ?? 0;
  const items = list.data?.notifications ?? [];
  const panelRef = useRef<HTMLDivElement>(null);
  const bellRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Opened, the panel takes the focus (a dialog); closed while the focus was in it (Escape), the focus
  // goes back to the bell instead of to the page's start.
  useEffect(() => {
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    if (!open) {
      const focus = document.activeElement;
      if (closed && (panelRef.current?.contains(focus) || focus === document.body)) {
        bellRef.current?.focus({ preventScroll: true });
      }
      return;
    }
    // The panel mounts with the first opening, after this effect: on the next frame, antd's Popover gives
    // its container role="tooltip", which cannot be set otherwise and made screen readers announce the
    // panel, with its buttons and links, as a tooltip; the panel inside is the dialog (issue 33). A
    // Dropdown has no such role, but antd's Dropdown is heavier than the Popover every staff page loads.
    const frame = requestAnimationFrame(() => {
      const panel = panelRef.current;
      panel?.closest('[role="tooltip"]')?.removeAttribute('role');
      panel?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [open]);

  const openItem = (item: Notification) => {
    setOpen(false);
    if (!item.viewed) view.mutate(item.id);
    navigate(notificationTarget(item));
  };

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div className="notification-state">
        <Spin />
      </div>
    );
  } else if (list.isError && !list.data) {
    body = (
      <div className="notification-state" role="alert">
        <span className="text-danger">{errorText(list.error)}</span>
        <ErrorReference id={requestIdOf(list.error)} />
        <Button size="small" onClick={() => list.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No notifications" />;
  } else {
    body = (
      <ul className="notification-list" aria-label="Notifications">
        {items.map((item) => (
          <NotificationItem key={item.id} item={item} onOpen={openItem} />
        ))}
      </ul>
    );
  }

  const panel = (
    <div
      className="notification-panel"
      data-testid="notification-panel"
      role="dialog"
      aria-labelledby="notification-panel-title"
      tabIndex={-1}
      ref={panelRef}
    >
      <div className="notification-panel-header">
        <span className="text-strong" id="notification-panel-title">
          Notifications
        </span>
        <Button
          type="link"
          size="small"
          data-testid="notification-clear-all"
          disabled={unviewed === 0}
          loading={viewAll.isPending}
          onClick={() => viewAll.mutate(undefined)}
        >
          Clear All
        </Button>
      </div>
      {body}
      <div className="notification-see-all">
        <Link to={PATHS.notifications} data-testid="notification-see-all" onClick={() => setOpen(false)}>
          See all notifications
        </Link>
      </div>
      {push.state === 'unsupported' && isIosBrowserTab() && (
        <p className="notification-push notification-ios-steps">
          To get notifications on this iPhone: tap Share, then Add to Home Screen, and open Hearth from the
          Home Screen.
        </p>
      )}
      {push.state === 'default' && (
        <div className="notification-push">
          <Button
            size="small"
            icon={<DesktopOutlined aria-hidden />}
            data-testid="notification-enable-push"
            loading={push.busy}
            onClick={() => void push.enable()}
          >
            Enable desktop notifications
          </Button>
        </div>
      )}
    </div>
  );

  return (
    <Popover
      content={panel}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      // On a narrow screen the bell is not at the right edge: slide the panel back into the viewport.
      align={{ overflow: { adjustX: true, adjustY: true, shiftX: true } }}
      open={open}
      onOpenChange={setOpen}
    >
      <Badge count={unviewed} size="small" offset={[-4, 4]} overflowCount={99}>
        <Button
          ref={bellRef}
          type="text"
          icon={<BellOutlined />}
          aria-label={bellLabel(unviewed)}
          aria-haspopup="dialog"
          aria-expanded={open}
          data-testid="notification-bell"
        />
      </Badge>
    </Popover>
  );
}
