/**
 * Every timing, threshold and limit the spec fixes lives here, named, and nowhere else.
 * Values from the spec's section 9 are marked with (spec).
 */

/** (spec) How often the session guard re-checks the session. */
export const SESSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;
/** (spec) How often the notification bell polls the unread count. */
export const NOTIFICATION_POLL_INTERVAL_MS = 30 * 1000;
/** (spec) Above this the bell badge shows BELL_BADGE_OVERFLOW_LABEL. */
export const BELL_BADGE_MAX = 99;
export const BELL_BADGE_OVERFLOW_LABEL = '99+';
/** (spec) Scroll distance after which the header turns white with a shadow. */
export const HEADER_SCROLL_THRESHOLD_PX = 10;
/** (spec) Preloader stages in the public layout. */
export const PRELOADER_CLOSED_MS = 500;
export const PRELOADER_LOADED_MS = 1500;
export const PRELOADER_REMOVED_MS = 2500;
/** (spec) Toasts close themselves after this long. */
export const TOAST_DURATION_MS = 5000;
/** (spec) Time-out of every call made by the shared API client. */
export const API_TIMEOUT_MS = 10000;
/** (spec) Base path of every API call. */
export const API_BASE_PATH = '/api';
/** (spec) Console message of the shared client on a 401 answer. */
export const UNAUTHORIZED_LOG_MESSAGE = 'Unauthorized: Token may have expired';

/** Session storage key under which Profile Detail keeps the selected member id. */
export const SELECTED_MEMBER_ID_KEY = 'selectedMemberId';
/** Session storage key under which the cookie banner's choice is remembered (localStorage). */
export const COOKIE_CONSENT_KEY = 'nipm-cookie-consent';

/** Default lifetime of a signed-in session and of the API token inside it. */
export const DEFAULT_SESSION_HOURS = 8;
/** Password length bounds (docs/architecture.md, "Security rules"). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** A password-reset link is valid this long, once. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/**
 * Sign-in attempts allowed per account (from browsers without its device cookie), per device
 * cookie, and per client address within one window; reaching the limit refuses further attempts
 * for LOGIN_LOCK_MS.
 */
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_MAX_FAILURES_PER_DEVICE = 5;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 20;
export const LOGIN_THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;
/** A device cookie (issued at a successful sign-in) lets its browser through an account lock this long. */
export const DEVICE_COOKIE_MAX_AGE_MS = 180 * 24 * 60 * 60 * 1000;
/** Expired throttle rows are removed (and their refused attempts audited) this often. */
export const THROTTLE_PRUNE_INTERVAL_MS = 5 * 60 * 1000;
/** At most this many reset e-mails per account within one window; more requests send nothing. */
export const PASSWORD_RESET_MAX_REQUESTS = 3;
export const PASSWORD_RESET_REQUEST_WINDOW_MS = 60 * 60 * 1000;
/** Forgotten-password requests accepted from one client address within one window (then 429). */
export const PASSWORD_FORGOT_MAX_PER_ADDRESS = 10;
export const PASSWORD_FORGOT_WINDOW_MS = 15 * 60 * 1000;

/** Notifications: page sizes of the lists, and how many notices the bell's dropdown shows. */
export const NOTIFICATION_PAGE_SIZE_DEFAULT = 20;
export const NOTIFICATION_PAGE_SIZE_MAX = 100;
export const BELL_DROPDOWN_SIZE = 5;
/** Length limits of a notice. */
export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_MESSAGE_MAX = 5000;
export const NOTIFICATION_LINK_MAX = 500;
/** Longest text the sent-notices history searches titles for. */
export const NOTIFICATION_SEARCH_MAX = 100;
/** An invited staff member's set-password link is valid this long, once (a reset link: one hour). */
export const INVITE_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** How long browsers and proxies may keep the ticker's messages and the chapter directory (seconds). */
export const PUBLIC_LIVE_DATA_MAX_AGE_S = 60;

/** Below this age an applicant needs a parent's or guardian's consent (DPDP Act 2023, section 2(f) and 9). */
export const ADULT_AGE = 18;
/** Proposer checks per client address and hour (the registration form checks a number when it is entered). */
export const PROPOSER_CHECKS_PER_ADDRESS = 60;
