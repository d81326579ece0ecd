// A time of day as "HH:mm" text (how the preferences store quiet hours), picked with antd's TimePicker. As
// with lib/date-picker.tsx (issue 14), the hour and minute columns of the open panel get a tab stop and a
// name, so they can be reached by keyboard; the time can also be typed into the field.
import { TimePicker, type TimePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

const COLUMN_NAMES: Record<string, string> = { hour: 'Hours', minute: 'Minutes' };

function labelTimeColumns(): void {
  requestAnimationFrame(() => {
    for (const column of document.querySelectorAll<HTMLElement>('.ant-picker-time-panel-column')) {
      if (column.hasAttribute('tabindex')) continue;
      column.tabIndex = 0;
      column.setAttribute('aria-label', COLUMN_NAMES[column.dataset.type ?? ''] ?? 'Time');
    }
  });
}

/** "07:30" as a time of today, or null. */
export function parseClock(value: string | null | undefined): Dayjs | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value ?? '');
  if (!match) return null;
  return dayjs().hour(Number(match[1])).minute(Number(match[2])).second(0).millisecond(0);
}

/** What a Form.Item hands its control: the value, and the id and aria-* attributes of its label and help. */
type Props = Omit<TimePickerProps, 'value' | 'onChange'> & {
  value?: string | null;
  onChange?: (value: string | null) => void;
};

export function TimeField({ value, onChange, ...rest }: Props) {
  return (
    <TimePicker
      {...rest}
      format="HH:mm"
      minuteStep={5}
      needConfirm={false}
      showNow={false}
      value={parseClock(value)}
      onChange={(time) => onChange?.(time ? time.format('HH:mm') : null)}
      onOpenChange={(open) => {
        if (open) labelTimeColumns();
      }}
      onKeyDown={(event) => {
        // Enter confirms the typed time; it must not also submit the form.
        if (event.key === 'Enter') event.preventDefault();
      }}
    />
  );
}
