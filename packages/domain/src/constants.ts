// Business constants and limits of SPEC §9, named once for the API and the web app.

export const IDLE_SESSION_LIMIT_SECONDS = 900;
export const INACTIVITY_WARNING_SECONDS = 840;
export const INACTIVITY_COUNTDOWN_SECONDS = 60;
export const SESSION_HEARTBEAT_MS = 15_000;
export const ACCESS_REFRESH_THRESHOLD_SECONDS = 180;

export const CHAT_PAGE_SIZE = 25;
export const INBOX_PAGE_SIZE = 25;
export const PICKER_PAGE_SIZE = 1000;
export const TEMPLATE_LIST_PAGE_SIZE = 50;
export const LOCATION_PAGE_SIZE = 1000;
export const FAILED_ACTIONS_PAGE_SIZE = 100;
export const RECENT_PAYMENT_LOOKUP = 50;
export const TABLE_DEFAULT_ROWS = 50;
export const TABLE_ROW_OPTIONS = [50, 75, 100] as const;
/** API list bounds: pickers ask for 1000 rows, nothing asks for more. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 1000;

export const SEARCH_DEBOUNCE_MS = 500;
export const ATTACHMENT_MAX_BYTES = 1024 * 1024;
export const TEMPLATE_SMS_MAX = 300;
export const TEMPLATE_SMS_WARN_ABOVE = 290;
export const CHAT_TIME_HEADER_GAP_MINUTES = 5;
/** The inbox starts listening for chat events this long after it opens (SPEC §9). */
export const CHAT_LISTEN_DELAY_MS = 5000;
export const AUTOPAY_DUE_DAY_CAP = 28;
export const MINIMUM_PAYMENT_CENTS = 100;
export const CARD_NUMBER_MIN_LENGTH = 15;
export const CARD_NUMBER_MAX_LENGTH = 16;
export const PROMISE_MIN_LEAD_MINUTES = 30;
export const CURRENCY = 'USD';
export const PHONE_COUNTRIES = ['US', 'CA'] as const;
export const PHONE_INPUT_MAX_LENGTH = 14;
/** date-fns pattern for MM/DD/YYYY. */
export const DATE_DISPLAY_PATTERN = 'MM/dd/yyyy';

export const MASS_MESSAGE_TOAST_MS = 5000;
export const SAVED_TEMPLATE_TOAST_MS = 2000;
export const TOAST_MS = 2000;
/** Where toasts appear on every width (SPEC §9: bottom centre). */
export const TOAST_POSITION = 'bottom-center';
export const ERROR_TOAST_MS = 10_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const DEFAULT_LANGUAGE = 'en-US';

/** US states, DC and Puerto Rico, as [code, name]. */
export const US_STATES = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['PR', 'Puerto Rico'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
] as const;
