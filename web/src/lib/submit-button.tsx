// The submit button of the short forms (the logged-out pages, the profile's settings): one primary button
// in the form's last row, spinning while the form is sent.
import { Button, Form } from 'antd';

type Props = {
  label: string;
  saving: boolean /** As wide as the form (the logged-out pages). */;
  block?: boolean;
};

export function SubmitButton({ label, saving, block }: Props) {
  return (
    <Form.Item>
      <Button type="primary" htmlType="submit" block={block} loading={saving}>
        {label}
      </Button>
    </Form.Item>
  );
}
