// Native text, password and checkbox inputs dressed as antd's, for the login page: antd's Input family
// (with TextArea, OTP and Search behind its barrel) and Checkbox cost about 26 KB gzip there, on the
// page every member of staff opens first (its budget: e2e/tests/budget.spec.ts). Colours and sizes come
// from antd's CSS variables, so both themes apply. Use them inside LightField, which gives the id, label and error.
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import './light-inputs.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  type?: 'text' | 'email';
  invalid?: boolean;
};

export function LightInput({ invalid, className, type = 'text', ...rest }: InputProps) {
  return (
    <input type={type} className={`light-input${invalid ? ' invalid' : ''} ${className ?? ''}`} {...rest} />
  );
}

/** A password input with a show/hide toggle (a real button: named, pressed state, 32 px target). */
export function LightPassword({ invalid, className, ...rest }: Omit<InputProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <span className={`light-input light-password${invalid ? ' invalid' : ''} ${className ?? ''}`}>
      <input type={visible ? 'text' : 'password'} {...rest} />
      <button
        type="button"
        className="light-password-toggle"
        aria-label="Show password"
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
      </button>
    </span>
  );
}

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { children: ReactNode };

export function LightCheckbox({ children, className, ...rest }: CheckboxProps) {
  return (
    <label className={`light-checkbox ${className ?? ''}`}>
      <input type="checkbox" {...rest} />
      <span>{children}</span>
    </label>
  );
}
