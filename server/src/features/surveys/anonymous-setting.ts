// The smallest location or department group the splits of an anonymous survey show (ADR 035): one row of
// app_settings (as the profile-fields setting, ADR 032), written by administrators. A stored value that no
// longer fits the contract's schema reads as the default rather than failing the report. A survey copies the
// setting when it is published and keeps that copy (issue 30): the setting changes what later surveys promise,
// never what an open survey promised the people who answered it.
import {
  type AnonymousSurveysSetting,
  anonymousSurveysSetting,
  DEFAULT_MIN_GROUP_SIZE,
  STATE,
} from '@hearth/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings, surveys } from '../../db/schema';

export const ANONYMOUS_SURVEYS_KEY = 'anonymous-surveys';

export async function readAnonymousSurveysSetting(db: Db): Promise<AnonymousSurveysSetting> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, ANONYMOUS_SURVEYS_KEY));
  const parsed = anonymousSurveysSetting.safeParse(row?.value);
  return parsed.success ? parsed.data : { minGroupSize: DEFAULT_MIN_GROUP_SIZE };
}

/** Saves the setting (already validated by the route's schema) and answers it as stored. */
export async function saveAnonymousSurveysSetting(
  db: Db,
  value: AnonymousSurveysSetting,
): Promise<AnonymousSurveysSetting> {
  await db
    .insert(appSettings)
    .values({ key: ANONYMOUS_SURVEYS_KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
  return readAnonymousSurveysSetting(db);
}

/**
 * Copies the setting onto the survey if it is published and has none yet: on every save of the survey form
 * (so publishing fixes it) and, under the survey's lock, before the first response of a survey published
 * some other way. Once set it never changes.
 */
export async function fixMinGroupSize(tx: Db, surveyId: number): Promise<void> {
  const { minGroupSize } = await readAnonymousSurveysSetting(tx);
  await tx
    .update(surveys)
    .set({ minGroupSize })
    .where(and(eq(surveys.id, surveyId), eq(surveys.stateId, STATE.PUBLISHED), isNull(surveys.minGroupSize)));
}
