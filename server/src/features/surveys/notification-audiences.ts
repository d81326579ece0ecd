// Whom a published survey notifies (notifications/audiences.ts): active users of its audience.
import { sql } from 'drizzle-orm';
import { audienceIncludes } from '../audience/audience';
import { type Audiences, U_ID } from '../notifications/audiences';
import { SURVEY_AUDIENCE } from './access';

export const surveyAudiences: Audiences = {
  SURVEY: (e, notActor) => sql`select u.id from users u cross join surveys
    where surveys.id = ${e.objectId} and ${notActor} and ${audienceIncludes(SURVEY_AUDIENCE, U_ID)}`,
};
