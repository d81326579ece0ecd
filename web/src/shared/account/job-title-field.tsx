// The job title ("Payroll officer") of the admin user form and the own profile form: optional, at most 100
// characters, with the server's message (issue 17).
import { JOB_TITLE_MAX, MSG } from '@hearth/contract';
import { Form, Input } from 'antd';

export function JobTitleField() {
  return (
    <Form.Item
      label="Job title"
      name="jobTitle"
      rules={[{ max: JOB_TITLE_MAX, message: MSG.jobTitleTooLong }]}
    >
      <Input autoComplete="organization-title" />
    </Form.Item>
  );
}
