// Whom a survey's announcement notifies (notifications/audiences.ts): the colleagues it is open to when a
// batch is sent (access/surveys.ts `openTo`). A survey that ended, closed or went back to draft meanwhile
// tells nobody its title (issue 30, L2).
import { sql } from 'drizzle-orm';
import { U_ID } from '../../access/recipients';
import { openTo } from '../../access/surveys';
import type { Audiences } from '../notifications/audiences';

export const surveyAudiences: Audiences = {
  SURVEY: (e, notActor) => sql`select u.id from users u cross join surveys
    where surveys.id = ${e.objectId} and ${notActor} and ${openTo(U_ID, new Date())}`,
};
