// A labelled form field with its error under it, for the few public forms that must stay light (the login
// page's JavaScript budget, e2e/tests/budget.spec.ts): antd's Form brings its validation engine and
// tooltips, about 20 KB gzip. It looks like an antd vertical form item and speaks like one: the label names the control,
// the error is announced and described.
import { cloneElement, type ReactElement } from 'react';
import './light-field.css';

type Props = {
  id: string;
  label: string;
  error?: string;
  children: ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;
};

export function LightField({ id, label, error, children }: Props) {
  const errorId = `${id}-error`;
  return (
    <div className="light-field">
      <label className="light-field-label" htmlFor={id}>
        {label}
      </label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      <div className="light-field-error" id={errorId} role="alert">
        {error}
      </div>
    </div>
  );
}
