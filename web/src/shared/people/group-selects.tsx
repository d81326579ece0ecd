// Office location and department selects (group types 1 and 2), used by register, profile and user forms.
import { GROUP_TYPE, type Group } from '@hearth/contract';
import { Form, Select } from 'antd';

type Props = {
  groups: Group[] | undefined;
  loading?: boolean;
  /** Messages when the field is required; omit for optional selects. */
  locationRequired?: string;
  departmentRequired?: string;
  /** Several locations and departments may be picked (a post's audience), values are id arrays. */
  multiple?: boolean;
  locationLabel?: string;
  /** Shown under the selects, e.g. what leaving them empty means. */
  locationExtra?: string;
  departmentExtra?: string;
};

function options(groups: Group[] | undefined, typeId: number) {
  return (groups ?? []).filter((g) => g.groupTypeId === typeId).map((g) => ({ value: g.id, label: g.name }));
}

export function GroupSelects({
  groups,
  loading,
  locationRequired,
  departmentRequired,
  multiple,
  locationLabel = 'Office location',
  locationExtra,
  departmentExtra,
}: Props) {
  const mode = multiple ? ('multiple' as const) : undefined;
  const fields = [
    {
      name: 'location',
      label: locationLabel,
      typeId: GROUP_TYPE.LOCATION,
      placeholders: ['All locations', 'Select a location'],
      extra: locationExtra,
      required: locationRequired,
    },
    {
      name: 'department',
      label: 'Department',
      typeId: GROUP_TYPE.DEPARTMENT,
      placeholders: ['All departments', 'Select a department'],
      extra: departmentExtra,
      required: departmentRequired,
    },
  ];
  return fields.map(({ name, label, typeId, placeholders, extra, required }) => (
    <Form.Item
      key={name}
      label={label}
      name={name}
      extra={extra}
      rules={required ? [{ required: true, message: required }] : []}
    >
      <Select
        placeholder={multiple ? placeholders[0] : placeholders[1]}
        mode={mode}
        loading={loading}
        options={options(groups, typeId)}
        allowClear={!required}
        showSearch={{ optionFilterProp: 'label' }}
        data-testid={`select-${name}`}
      />
    </Form.Item>
  ));
}

/** The user's location and department ids out of their groups (other group types are kept separately). */
export function splitGroups(groups: Group[]) {
  return {
    location: groups.find((g) => g.groupTypeId === GROUP_TYPE.LOCATION)?.id,
    department: groups.find((g) => g.groupTypeId === GROUP_TYPE.DEPARTMENT)?.id,
    others: groups.filter(
      (g) => g.groupTypeId !== GROUP_TYPE.LOCATION && g.groupTypeId !== GROUP_TYPE.DEPARTMENT,
    ),
  };
}

/** The ids of groups of other types (teams): forms that show only location and department keep them. */
export function otherGroupIds(groups: Group[] | undefined): number[] {
  return splitGroups(groups ?? []).others.map((g) => g.id);
}

/** Group ids to send: location and department (when chosen) plus any other groups the user keeps. */
export function joinGroups(
  location: number | undefined,
  department: number | undefined,
  others: Group[] = [],
) {
  return [location, department, ...others.map((g) => g.id)].filter(
    (id): id is number => typeof id === 'number',
  );
}
