/**
 * The platform billing's clock: the monthly sweep and the staff's statement call ask it what "now"
 * is, so both agree on which month has ended. In production it is the system clock. End-to-end
 * tests (TEST_HOOKS=on) move it with `POST /api/test-hooks/platform/clock` to bill "next month"
 * without waiting; unit tests pass `now` to the functions directly.
 */
let offsetMs = 0;

export function platformNow(): Date {
  return new Date(Date.now() + offsetMs);
}

/** Test hooks only: from now on the clock reads `at` (and runs on from there); null: the system clock again. */
export function setPlatformClock(at: Date | null): void {
  offsetMs = at ? at.getTime() - Date.now() : 0;
}
