// Office location and department selects (group types 1 and 2), used by register, profile and user forms.
import { GROUP_TYPE, type Group } from '@hearth/contract';
import { Form, Select } from 'antd';

type Props = {
  groups: Group[] | undefined;
  loading?: boolean;
  /** Messages when the field is required; omit for optional selects. */
  locationRequired?: string;
  departmentRequired?: string;
};

function options(groups: Group[] | undefined, typeId: number) {
  return (groups ?? []).filter((g) => g.groupTypeId === typeId).map((g) => ({ value: g.id, label: g.name }));
}

export function GroupSelects({ groups, loading, locationRequired, departmentRequired }: Props) {
  return (
    <>
      <Form.Item
        label="Office location"
        name="location"
        rules={locationRequired ? [{ required: true, message: locationRequired }] : []}
      >
        <Select
          placeholder="Select a location"
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
        rules={departmentRequired ? [{ required: true, message: departmentRequired }] : []}
      >
        <Select
          placeholder="Select a department"
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
