// A click anywhere on a news card opens its post (issue 14), except where the click means something
// else: on a control inside the card (like, favourite, a link, a menu), when the reader was selecting
// text, or with a modifier key or another button (those belong to the title link: new tab, new window).
export type CardClick = {
  /** The click landed on or inside a link, button or other control of the card. */
  onControl: boolean;
  /** Text the reader has selected on the page when the click ends. */
  selectedText: string;
  button: number;
  modified: boolean;
};

export function cardClickOpens(click: CardClick): boolean {
  if (click.onControl || click.button !== 0 || click.modified) return false;
  return click.selectedText.trim() === '';
}

/** The elements that keep their own meaning inside a clickable card. */
export const CARD_CONTROLS = 'a, button, input, textarea, select, label, [role="button"], [role="menuitem"]';
