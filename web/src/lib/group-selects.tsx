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
  return (
    <>
      <Form.Item
        label={locationLabel}
        name="location"
        extra={locationExtra}
        rules={locationRequired ? [{ required: true, message: locationRequired }] : []}
      >
        <Select
          placeholder={multiple ? 'All locations' : 'Select a location'}
          mode={mode}
          loading={loading}
          options={options(groups, GROUP_TYPE.LOCATION)}
          allowClear={!locationRequired}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="select-location"
        />
      </Form.Item>
      <Form.Item
        label="Department"
        name="department"
        extra={departmentExtra}
        rules={departmentRequired ? [{ required: true, message: departmentRequired }] : []}
      >
        <Select
          placeholder={multiple ? 'All departments' : 'Select a department'}
          mode={mode}
          loading={loading}
          options={options(groups, GROUP_TYPE.DEPARTMENT)}
          allowClear={!departmentRequired}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="select-department"
        />
      </Form.Item>
    </>
  );
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
