export const APP_VERSION = '0.0.1';
export const PAGE_SIZE = 30;
export const MAX_PAGE_SIZE = 1000;
export const SEARCH_DEBOUNCE_MS = 200;
export const MOBILE_BREAKPOINT_PX = 700;
export const PAGINATION_WINDOW = { ahead: 5, behind: 6, mobileAhead: 2, mobileBehind: 3 } as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_SIDE_PX = 1024;
export const CODE_TTL_MINUTES = 15;
export const CODE_MAX_TRIES = 5;
export const CODE_RESEND_SECONDS = 60;
export const PASSWORD_MIN_LENGTH = 8;
export const DEFAULT_TIME_ZONE = 'Asia/Almaty';
export const SCANNER = { gapMs: 20, minLength: 4, ignoredKeyCodes: [18, 13, 16, 9] } as const;
/** Header names the web client sends with every call (docs/product.md "Calls"). */
export const HEADERS = {
  platform: 'X-Platform',
  version: 'X-App-Version',
  csrf: 'X-XSRF-TOKEN',
  idempotency: 'Idempotency-Key',
} as const;
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const TOKEN_STORAGE_KEY = 'access_token';
