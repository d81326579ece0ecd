// A step list with antd Steps' small look, for the survey form: antd's Steps generated about 110 ms of
// styles in one long task on a phone (4x CPU) for a list that only shows where the reader is.
// An ordered list; the current step carries aria-current="step", done steps say so to screen readers.
import { CheckOutlined } from '@ant-design/icons';
import './light-steps.css';

type Props = {
  items: { key: number | string; title: string }[];
  current: number;
  vertical?: boolean;
  label: string;
};

export function LightSteps({ items, current, vertical = false, label }: Props) {
  return (
    <ol className={vertical ? 'light-steps light-steps-vertical' : 'light-steps'} aria-label={label}>
      {items.map(({ key, title }, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'waiting';
        return (
          <li
            key={key}
            className={`light-step light-step-${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="light-step-icon" aria-hidden>
              {state === 'done' ? <CheckOutlined /> : i + 1}
            </span>
            <span className="light-step-title">
              {title}
              {state === 'done' && <span className="visually-hidden"> (done)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
