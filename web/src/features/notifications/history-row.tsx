// One notification of the notification centre: its title (a link to what it is about; following it marks it
// read), type, relative time and an unread marker, and the action that marks it read or unread.
import type { Notification } from '@hearth/contract';
import { Button, Tag } from 'antd';
import { Link } from 'react-router';
import { When } from '../../lib/time-text';
import { notificationTarget, TYPE_COLOR, TYPE_LABEL } from './notification-logic';

type Props = {
  item: Notification;
  onOpen: (item: Notification) => void;
  onToggle: (item: Notification) => void;
};

export function HistoryRow({ item, onOpen, onToggle }: Props) {
  const unread = !item.viewed;
  const action = unread ? 'Mark as read' : 'Mark as unread';
  return (
    <li className={unread ? 'history-row is-unread' : 'history-row'} data-testid="history-row">
      <span className="history-dot" aria-hidden />
      <div className="history-body">
        <Link to={notificationTarget(item)} className="history-title" onClick={() => onOpen(item)}>
          {unread && <span className="visually-hidden">Unread: </span>}
          {item.title}
        </Link>
        <span className="history-meta">
          <Tag color={TYPE_COLOR[item.type]} variant="filled">
            {TYPE_LABEL[item.type]}
          </Tag>
          <When value={item.sentAt} className="history-time" />
        </span>
      </div>
      <Button
        size="small"
        type="text"
        className="history-action"
        // The visible words first (WCAG 2.5.3), then which notification they act on.
        aria-label={`${action}: ${item.title}`}
        onClick={() => onToggle(item)}
      >
        {action}
      </Button>
    </li>
  );
}
