// antd's clear button in a text box takes its name from its icon, so screen readers announced it as
// "close-circle" (issue 33): this names it for what it clears. For an Input's `allowClear`.
import { CloseCircleFilled } from '@ant-design/icons';

export function clearButton(what: string) {
  return { clearIcon: <CloseCircleFilled aria-label={`Clear ${what}`} /> };
}
