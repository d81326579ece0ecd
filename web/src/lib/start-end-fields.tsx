// The Start and End fields of the post, community post and survey forms: date and time to the minute, the
// end after the start, and (where the form needs them) product.md's messages when they are left empty.
import { MSG } from '@hearth/contract';
import { type DatePickerProps, Form, type FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import { DatePicker } from './date-picker';
import { DATE_FORMATS } from './dates';

/** A date-and-time picker as the forms use it: minutes, no confirm step, full width. */
export function DateTimeInput(props: DatePickerProps) {
  return (
    <DatePicker
      showTime={{ format: 'HH:mm' }}
      format={DATE_FORMATS.input}
      needConfirm={false}
      style={{ width: '100%' }}
      {...props}
    />
  );
}

/** The end must come after the start (when both are set); the field lists 'startAt' in its dependencies. */
const endAfterStartRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: Dayjs | null) => {
    const start = getFieldValue('startAt') as Dayjs | null;
    if (value && start && !value.isAfter(start)) throw new Error(MSG.endBeforeStart);
  },
});

type Props = {
  labels: [start: string, end: string];
  /** The messages of required fields; left out, both may stay empty. */
  required?: [start: string, end: string];
  startExtra?: string;
};

export function StartEndFields({ labels: [start, end], required, startExtra }: Props) {
  return (
    <>
      <Form.Item
        label={start}
        name="startAt"
        extra={startExtra}
        rules={required ? [{ required: true, message: required[0] }] : []}
      >
        <DateTimeInput />
      </Form.Item>
      <Form.Item
        label={end}
        name="endAt"
        dependencies={['startAt']}
        rules={required ? [{ required: true, message: required[1] }, endAfterStartRule] : [endAfterStartRule]}
      >
        <DateTimeInput />
      </Form.Item>
    </>
  );
}
