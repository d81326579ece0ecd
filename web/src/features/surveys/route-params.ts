// What the survey pages read from their address, kept apart from the rest of their logic: the route
// loaders (loaders.ts) read it too, and their chunk, which takes whole modules, must stay light.

/** The route parameter as a survey id, or 0 when it is not one. */
export function parseSurveyId(value: string | undefined): number {
  if (!value || !/^\d{1,12}$/.test(value)) return 0;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}
