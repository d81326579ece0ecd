// antd's DatePicker with three accessibility gaps closed (issue 14, axe on the post and survey forms):
// - the month and year buttons of the panel were named "Choose a month" while showing "Dec": their name
//   is now the text they show (WCAG 2.5.3);
// - the hour and minute columns scroll but could not be reached by keyboard: they get a tab stop and a
//   name when the panel opens (WCAG 2.1.1);
// - days of the neighbouring months are hidden (styles.css), rather than written in a faint grey;
// - Enter in the field confirms the date and stops there: it used to submit the whole form as well (the
//   browser's implicit submission), and two posts were created by mistake.
import { DatePicker as AntDatePicker, type DatePickerProps } from 'antd';
import enUS from 'antd/es/date-picker/locale/en_US';

const LOCALE: DatePickerProps['locale'] = {
  ...enUS,
  lang: { ...enUS.lang, monthSelect: undefined, yearSelect: undefined } as unknown as typeof enUS.lang,
};

const COLUMN_NAMES: Record<string, string> = { hour: 'Hours', minute: 'Minutes', second: 'Seconds' };

/** Gives each scrolling time column of the open panel a tab stop and a name. */
function labelTimeColumns(): void {
  requestAnimationFrame(() => {
    for (const column of document.querySelectorAll<HTMLElement>('.ant-picker-time-panel-column')) {
      if (column.hasAttribute('tabindex')) continue;
      column.tabIndex = 0;
      column.setAttribute('aria-label', COLUMN_NAMES[column.dataset.type ?? ''] ?? 'Time');
    }
  });
}

export function DatePicker({ onOpenChange, onKeyDown, ...props }: DatePickerProps) {
  return (
    <AntDatePicker
      locale={LOCALE}
      onKeyDown={(event, preventDefault) => {
        if (event.key === 'Enter') event.preventDefault();
        onKeyDown?.(event, preventDefault);
      }}
      onOpenChange={(open) => {
        if (open && props.showTime) labelTimeColumns();
        onOpenChange?.(open);
      }}
      {...props}
    />
  );
}
