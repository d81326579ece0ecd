// A button with antd's look, drawn with its CSS variables (light-button.css): for what must stay light or
// must not depend on antd's code, the login page (its JavaScript budget) and the failure view (shown when
// code failed to load), and as a class for links that look like buttons.
import type { ButtonHTMLAttributes } from 'react';
import './light-button.css';

type Look = {
  /** antd's primary button: the brand's colour. */
  primary?: boolean;
  /** The whole width of its container. */
  block?: boolean;
  /** antd's large size (40 px). */
  large?: boolean;
};

/** The classes of a button's look, for a link (`<a>`, `<Link>`) that acts as one. */
export function lightButtonClass({ primary, block, large }: Look, className?: string): string {
  return ['light-button', primary && 'primary', block && 'block', large && 'large', className]
    .filter(Boolean)
    .join(' ');
}

type Props = Look &
  ButtonHTMLAttributes<HTMLButtonElement> & {
    /** Shows a spinner beside the label and takes no clicks, as antd's `loading`. */
    loading?: boolean;
  };

export function LightButton({ primary, block, large, loading, className, type, children, ...rest }: Props) {
  return (
    <button
      type={type ?? 'button'}
      className={lightButtonClass({ primary, block, large }, className)}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <span className="light-button-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
