// The comment box (SPEC sections 2 and 5): antd Mentions opened by "@", searching active colleagues
// 500 ms after the last keystroke. Picked colleagues are remembered with their ids; sending strips the
// markers and lists the ids still mentioned (mentions.ts). An empty box cannot be sent.
import { LIMITS, MSG, type UserSummary } from '@hearth/contract';
import { Button, Flex, Mentions, Spin } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { toastError } from '../../lib/notify';
import { UserAvatar } from '../../lib/user-avatar';
import { searchColleagues, useCreateComment } from './api';
import { commentPayload, type Mention } from './mentions';

const fullName = (u: Pick<UserSummary, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim();

function useColleagueSearch() {
  const [query, setQuery] = useState<string | null>(null);
  const [users, setUsers] = useState<UserSummary[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (query === null) return;
    const text = query.trim();
    if (text === '') {
      setUsers([]);
      setLoading(false);
      return;
    }
    setLoading(true);
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      searchColleagues(text, controller.signal)
        .then((found) => setUsers(found))
        .catch(() => {
          if (!controller.signal.aborted) setUsers([]);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, LIMITS.debounceMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  return { query, setQuery, users, loading };
}

export function CommentBox({ postId }: { postId: number }) {
  const [text, setText] = useState('');
  const picked = useRef<Mention[]>([]);
  const search = useColleagueSearch();
  const create = useCreateComment(postId);
  const empty = text.trim() === '';

  const submit = () => {
    if (empty || create.isPending) return;
    create.mutate(commentPayload(text, picked.current), {
      onSuccess: () => {
        setText('');
        picked.current = [];
      },
      onError: (err) => toastError(err),
    });
  };

  const typed = (search.query ?? '').trim();
  let notFound: ReactNode = MSG.noUsersFound;
  if (search.loading) notFound = <Spin size="small" />;
  else if (typed === '') notFound = 'Type a name to search';

  return (
    <Flex vertical gap={8} className="comment-box">
      <Mentions
        value={text}
        onChange={setText}
        prefix="@"
        rows={3}
        autoSize={{ minRows: 3, maxRows: 8 }}
        maxLength={5000}
        placeholder="Write a comment. Type @ to mention a colleague."
        aria-label="Comment"
        filterOption={false}
        notFoundContent={notFound}
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
        disabled={create.isPending}
        onKeyDown={(event) => {
          // Ctrl/Cmd+Enter sends, as in most chat and comment boxes.
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            submit();
          }
        }}
      />
      <Flex justify="flex-end">
        <Button type="primary" onClick={submit} disabled={empty} loading={create.isPending}>
          Post Comment
        </Button>
      </Flex>
    </Flex>
  );
}
