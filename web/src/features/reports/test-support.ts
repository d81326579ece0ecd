// What the report pages' component tests share.
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Opens a report table's column chooser (the button `chooser`) and ticks every column it leaves out. */
export async function showEveryColumn(user: UserEvent, chooser: HTMLElement): Promise<void> {
  await user.click(chooser);
  const panel = await screen.findByRole('dialog', { name: 'Columns' });
  for (const box of within(panel).getAllByRole('checkbox')) {
    if (!(box as HTMLInputElement).checked) await user.click(box);
  }
}
