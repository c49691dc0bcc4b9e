/**
 * `HH:MM` on a 24-hour clock, or `off`: the form of DAILY_JOBS_AT. Kept apart from the scheduler
 * (and importing nothing) so the configuration can check it without loading the scheduler.
 */
export const DAILY_TIME_PATTERN = /^(([01]\d|2[0-3]):[0-5]\d|off)$/;
