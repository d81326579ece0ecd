// The query of the address as it is now, for a change that rewrites part of it. Not the render's
// `useSearchParams()`: the router renders a navigation as a transition, which input interrupts, and a
// debounced search lands after a select may have changed the address; an event handler then holds the
// parameters of an older render, and writing them back drops the newer change (the search journey lost its
// sort so under load). The app runs in a BrowserRouter, so the window's address is the router's.
export const addressParams = (): URLSearchParams => new URLSearchParams(window.location.search);
