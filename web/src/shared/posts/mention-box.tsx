// The comment box (product.md sections 2 and 5): antd Mentions opened by "@", searching active colleagues
// 500 ms after the last keystroke. Picked colleagues are remembered with their ids; sending strips the
// markers and lists the ids still mentioned (mentions.ts). An empty box cannot be sent.
// MentionBox is the editor alone, sending through `send`: feed posts, community posts and discussion
// boards each pass their own call.

import { MSG, type UserSummary } from '@hearth/contract';
import { Button, Flex, Mentions, Spin } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { growField } from '../../lib/grow-field';
import { toastError } from '../../lib/notify';
import { popupContainer } from '../../lib/popup-container';
import { UserAvatar } from '../../lib/user-avatar';
import { useColleagueSearch } from '../people/use-colleague-search';
import { collapseSpaceAfterMentions, commentPayload, type Mention } from './mentions';
import './mention-box.css';

/** The box grows from 3 to 8 lines as a comment gets longer. */
const grow = growField(3, 8);

const fullName = (u: Pick<UserSummary, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim();

type MentionBoxProps = {
  /** Sends the text (markers stripped) and the ids of the colleagues mentioned; rejects on failure. */
  send: (payload: { content: string; userIds: number[] }) => Promise<unknown>;
  pending: boolean;
  label?: string;
  placeholder?: string;
  submitLabel?: string;
};

export function MentionBox({
  send,
  pending,
  label = 'Comment',
  placeholder = 'Write a comment. Type @ to mention a colleague.',
  submitLabel = 'Post Comment',
}: MentionBoxProps) {
  const [text, setText] = useState('');
  const picked = useRef<Mention[]>([]);
  const search = useColleagueSearch();
  const empty = text.trim() === '';

  const submit = () => {
    if (empty || pending) return;
    const { content, userIDs } = commentPayload(text, picked.current);
    send({ content, userIds: userIDs }).then(
      () => {
        setText('');
        picked.current = [];
      },
      (err: unknown) => toastError(err),
    );
  };

  const typed = (search.query ?? '').trim();
  let notFound: ReactNode = MSG.noUsersFound;
  // The list item needs words for screen readers (axe: aria-command-name), not only the spinner.
  if (search.loading)
    notFound = (
      <Flex align="center" gap={8}>
        <Spin size="small" />
        Searching…
      </Flex>
    );
  else if (typed === '') notFound = 'Type a name to search';

  return (
    <Flex vertical gap={8} className="comment-box">
      <Mentions
        value={text}
        onChange={(next) => setText(collapseSpaceAfterMentions(next, picked.current))}
        prefix="@"
        rows={grow.rows}
        classNames={{ textarea: grow.className }}
        styles={{ textarea: grow.style }}
        maxLength={5000}
        placeholder={placeholder}
        aria-label={label}
        filterOption={false}
        notFoundContent={notFound}
        getPopupContainer={popupContainer}
        onSearch={(value) => search.setQuery(value)}
        onSelect={(option) => {
          const user = search.users.find((u) => fullName(u) === option.value);
          if (user) picked.current = [...picked.current, { id: user.id, name: fullName(user) }];
        }}
        options={
          search.loading
            ? []
            : search.users.map((u) => ({
                key: String(u.id),
                value: fullName(u),
                label: (
                  <Flex align="center" gap={8}>
                    <UserAvatar
                      firstName={u.firstName}
                      lastName={u.lastName}
                      src={u.profileImage}
                      size={24}
                    />
                    <span>{fullName(u)}</span>
                  </Flex>
                ),
              }))
        }
        disabled={pending}
        onKeyDown={(event) => {
          // Ctrl/Cmd+Enter sends, as in most chat and comment boxes.
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            submit();
          }
        }}
      />
      <Flex justify="flex-end">
        <Button type="primary" onClick={submit} disabled={empty} loading={pending}>
          {submitLabel}
        </Button>
      </Flex>
    </Flex>
  );
}
