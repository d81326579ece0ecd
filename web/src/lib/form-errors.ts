// Server 400 answers carry `fields` {fieldName: message}: put them on the antd form fields so the user
// sees the message where it belongs, and show the general `error` as a toast (product.md section 8).
import type { FormInstance } from 'antd';
import { isApiError } from './api-error';
import { toastError } from './notify';

/**
 * `aliases` maps a server field name to the form's field name when they differ
 * (e.g. the server's `groups` onto the form's `location`).
 */
export function showFormError(form: FormInstance, err: unknown, aliases: Record<string, string> = {}): void {
  toastError(err);
  if (!isApiError(err) || !err.fields) return;
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const entries = Object.entries(err.fields)
    .map(([name, message]) => [aliases[name] ?? name, message] as const)
    .filter(([name]) => known.has(name));
  if (entries.length === 0) return;
  form.setFields(entries.map(([name, message]) => ({ name, errors: [message] })));
  const first = entries[0];
  if (first) form.scrollToField(first[0], { block: 'center' });
}
