// Where the page's content lives, and where menus, pickers, popovers and suggestion lists open: inside the
// main region rather than at the end of <body>, so what they say sits in a landmark like the rest of the
// page (axe "region"). The skip link and the route announcer use the same id.

/** The main region's id. */
export const MAIN_CONTENT_ID = 'main-content';

export function popupContainer(): HTMLElement {
  return document.getElementById(MAIN_CONTENT_ID) ?? document.body;
}
