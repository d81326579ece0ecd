// Rate limits count in fixed windows (platform/rate-limit.ts). A test that counts up to a limit pins the
// windows' clock to just after the start of an hour, so no window boundary (15 or 60 minutes) falls inside it.
import { afterAll, beforeAll, vi } from 'vitest';
import { rateClock } from '../src/platform/rate-limit';

/** Call at the top of a test file: pins the rate clock for the file's tests and restores it after. */
export function pinRateClock(): void {
  beforeAll(() => {
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    vi.spyOn(rateClock, 'now').mockReturnValue(hour + 1000);
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });
}
