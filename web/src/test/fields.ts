// Filling fields and driving antd controls the way a user does, for what Testing Library's roles alone do
// not reach.
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** The column headers of the table on screen, left to right. */
export const columnHeaders = (): (string | null)[] =>
  screen.getAllByRole('columnheader').map((h) => h.textContent);

/** Opens the select labelled `label` and picks the option `option` from its list. */
export async function chooseOption(user: UserEvent, label: string, option: string): Promise<void> {
  await user.click(screen.getByRole('combobox', { name: label }));
  const listbox = document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  if (!(listbox instanceof HTMLElement)) throw new Error(`The list of ${label} did not open`);
  await user.click(within(listbox).getByTitle(option));
}

function formItem(label: string): Element {
  const item = screen.getByLabelText(label).closest('.ant-form-item');
  if (!item) throw new Error(`${label} is not in an antd form item`);
  return item;
}

/** The messages antd shows under the form item labelled `label` now (its help line). */
export function fieldErrors(label: string): string[] {
  return [...formItem(label).querySelectorAll('.ant-form-item-explain-error')].map(
    (n) => n.textContent ?? '',
  );
}

/**
 * Waits until the form item labelled `label` shows exactly `expected` and has no validation running, and
 * checks it still does a moment later: a field between two validations can show no message for an
 * instant, which would pass a check for "no message" that the settled field fails.
 */
export async function expectFieldErrors(label: string, expected: string[]): Promise<void> {
  const settled = () => {
    expect(formItem(label).classList.contains('ant-form-item-is-validating')).toBe(false);
    expect(fieldErrors(label)).toEqual(expected);
  };
  await waitFor(settled);
  await new Promise((resolve) => setTimeout(resolve, 50));
  settled();
}

/**
 * Replaces what `field` holds with `text` as one paste: as the user sees it, but without a render per
 * character (typing is for where each key matters, e.g. a message that follows the input).
 */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  if (text) await user.paste(text);
}
