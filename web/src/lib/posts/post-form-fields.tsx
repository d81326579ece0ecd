// Form pieces shared by the feed post form and the community post form (product.md sections 2 and 5): title
// and subtitle with their messages, the Draft/Published status radio and the date-and-time picker.
import { MSG, STATE } from '@hearth/contract';
import { type DatePickerProps, Form, type FormRule, Input, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { DatePicker } from '../date-picker';
import { DATE_FORMATS } from '../dates';
import { growField } from '../grow-field';

export function PostTitleField() {
  return (
    <Form.Item
      label="Title"
      name="title"
      rules={[
        { type: 'string', message: MSG.invalidInput },
        { required: true, whitespace: true, message: MSG.postTitleRequired },
      ]}
    >
      <Input maxLength={300} />
    </Form.Item>
  );
}

export function PostSubtitleField() {
  return (
    <Form.Item
      label="Subtitle"
      name="subtitle"
      rules={[{ required: true, whitespace: true, message: MSG.postSubtitleRequired }]}
    >
      <Input.TextArea maxLength={500} {...growField(2, 4)} />
    </Form.Item>
  );
}

export const STATUS_OPTIONS = [
  { value: STATE.DRAFT, label: 'Draft' },
  { value: STATE.PUBLISHED, label: 'Published' },
];

/** Status: Draft or Published (product.md section 4; the form's default is Draft). */
export function StatusField() {
  return (
    <Form.Item label="Status" name="stateId">
      <Radio.Group options={STATUS_OPTIONS} />
    </Form.Item>
  );
}

/** A date-and-time picker as the post forms use it: minutes, no confirm step, full width. */
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
export const endAfterStartRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: Dayjs | null) => {
    const start = getFieldValue('startAt') as Dayjs | null;
    if (value && start && !value.isAfter(start)) throw new Error(MSG.endBeforeStart);
  },
});
