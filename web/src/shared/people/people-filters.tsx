// The search box and the location and department selects over a list of people: the directory (/people)
// and the admin user list (/users). The values live in the address (?q=&location=&department=), so Back
// returns to the same list and a filtered list can be shared; the search reaches the list 500 ms after the
// typing stops.
import { SearchOutlined } from '@ant-design/icons';
import { GROUP_TYPE } from '@hearth/contract';
import { Input, Select } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { addressParams } from '../../lib/address-now';
import { useDebouncedValue } from '../../lib/debounced-value';
import { popupContainer } from '../../lib/popup-container';
import { peopleFilterValues } from './filter-values';
import { useGroups } from './groups';
import './people-filters.css';
import { clearButton } from '../../lib/clear-button';

/**
 * Sets one parameter of the address, keeping the others. It starts from the address as it is now, not as
 * the render saw it (lib/address-now.ts).
 */
export function useSetUrlParam() {
  const [, setParams] = useSearchParams();
  return (key: string, value: string | undefined) => {
    const next = addressParams();
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
}

/** The filters in the address; `q` is the debounced text, `typed` what the box shows. */
export function usePeopleFilters() {
  const [params] = useSearchParams();
  const set = useSetUrlParam();
  const [typed, setTyped] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(typed.trim());
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the settled text goes to the address.
  useEffect(() => {
    if ((params.get('q') ?? '') !== q) set('q', q || undefined);
  }, [q]);
  const values = peopleFilterValues(params);
  return {
    values,
    typed,
    setTyped,
    setLocation: (id: number | undefined) => set('location', id ? String(id) : undefined),
    setDepartment: (id: number | undefined) => set('department', id ? String(id) : undefined),
  };
}

type Props = {
  filters: ReturnType<typeof usePeopleFilters>;
  /** What the search finds, for its label: "Search by name". */
  searchLabel: string;
  showLocation?: boolean;
  showDepartment?: boolean;
  /** More selects after the standard ones (the admin list's role). */
  children?: ReactNode;
};

export function PeopleFilters({
  filters,
  searchLabel,
  showLocation = true,
  showDepartment = true,
  children,
}: Props) {
  const groups = useGroups();
  const options = (typeId: number) =>
    (groups.data ?? []).filter((g) => g.groupTypeId === typeId).map((g) => ({ value: g.id, label: g.name }));
  return (
    <div className="people-filters">
      <Input
        className="people-filters-search"
        value={filters.typed}
        onChange={(e) => filters.setTyped(e.target.value)}
        placeholder={searchLabel}
        aria-label={searchLabel}
        prefix={<SearchOutlined aria-hidden />}
        allowClear={clearButton('the search text')}
        maxLength={100}
        type="search"
      />
      {showLocation && (
        <Select
          className="people-filters-select"
          aria-label="Office location"
          placeholder="All locations"
          value={filters.values.locationId}
          onChange={(v?: number) => filters.setLocation(v)}
          options={options(GROUP_TYPE.LOCATION)}
          loading={groups.isLoading}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          getPopupContainer={popupContainer}
          data-testid="filter-location"
        />
      )}
      {showDepartment && (
        <Select
          className="people-filters-select"
          aria-label="Department"
          placeholder="All departments"
          value={filters.values.departmentId}
          onChange={(v?: number) => filters.setDepartment(v)}
          options={options(GROUP_TYPE.DEPARTMENT)}
          loading={groups.isLoading}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          getPopupContainer={popupContainer}
          data-testid="filter-department"
        />
      )}
      {children}
    </div>
  );
}
