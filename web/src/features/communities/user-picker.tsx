// A multi-select of colleagues for the community form's managers and members (product.md section 2: managers
// are chosen from all users). Typing searches active users by name (the mention search) 500 ms after the last
// keystroke; people already chosen keep their names while other results come and go.
import { MSG, type UserSummary } from '@hearth/contract';
import { Flex, Select, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { UserAvatar } from '../../lib/user-avatar';
import { useColleagueSearch } from '../../shared/people/use-colleague-search';

const fullName = (u: Pick<UserSummary, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim();

type Props = {
  id?: string;
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** The people the stored community already has, so their names show before any search. */
  known?: UserSummary[];
  placeholder?: string;
  'aria-invalid'?: boolean;
  disabled?: boolean;
};

export function UserPicker({ id, value = [], onChange, known = [], placeholder, disabled, ...rest }: Props) {
  const search = useColleagueSearch();
  const query = search.query ?? '';
  const found = search.users;
  const loading = search.loading;
  const [seen, setSeen] = useState<Map<number, UserSummary>>(() => new Map(known.map((u) => [u.id, u])));

  // People found keep their names once chosen, whatever the later searches find.
  useEffect(() => {
    if (found.length === 0) return;
    setSeen((map) => {
      const next = new Map(map);
      for (const u of found) next.set(u.id, u);
      return next;
    });
  }, [found]);

  const options = useMemo(() => {
    const chosen = value.map((v) => seen.get(v)).filter((u): u is UserSummary => u !== undefined);
    const list = [...chosen, ...found.filter((u) => !value.includes(u.id))];
    return list.map((u) => ({
      value: u.id,
      label: fullName(u),
      user: u,
    }));
  }, [value, found, seen]);

  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      value={value}
      onChange={(ids) => {
        onChange?.(ids);
        search.setQuery('');
      }}
      placeholder={placeholder ?? 'Type a name to search'}
      showSearch={{ filterOption: false, onSearch: search.setQuery, searchValue: query }}
      options={options}
      optionRender={(option) => {
        const u = (option.data as { user: UserSummary }).user;
        return (
          <Flex align="center" gap={8}>
            <UserAvatar firstName={u.firstName} lastName={u.lastName} src={u.profileImage} size={24} />
            <span>{fullName(u)}</span>
          </Flex>
        );
      }}
      notFoundContent={loading ? <Spin size="small" /> : query.trim() ? MSG.noUsersFound : null}
      loading={loading}
      disabled={disabled}
      aria-invalid={rest['aria-invalid']}
      style={{ width: '100%' }}
    />
  );
}
