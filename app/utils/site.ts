// Site metadata defaults (spec §3) and the constants of spec §9 that the shell uses.
export const SITE = {
  name: "Horror Stories",
  defaultTitle: "Horror Stories",
  description:
    "Dark, psychological and gothic short stories to read by candlelight: original fiction, free to read on any device.",
  image: "/og-image.png",
  locale: "en_US",
  twitter: "@horrorstories",
} as const;

/** The scroll-to-top control appears after this much scroll (spec §9 Layout). */
export const SCROLL_TOP_THRESHOLD_PX = 300;
/** Swipe rules (spec §9 Swipe). */
export const SWIPE = {
  sidebarMinX: 50,
  sidebarMaxY: 40,
  sheetMinX: 70,
  /** Vertical over horizontal distance: at most this, the swipe is mostly horizontal. */
  sheetMaxRatio: 0.8,
} as const;

/** Cookie names share one prefix. */
const COOKIE_PREFIX = "hs_";
/** Every cookie the site sets (the cookie policy page lists them from here). */
export const COOKIE_NAMES = {
  session: `${COOKIE_PREFIX}session`,
  csrf: `${COOKIE_PREFIX}csrf`,
  consent: `${COOKIE_PREFIX}consent`,
  toast: `${COOKIE_PREFIX}toast`,
  theme: `${COOKIE_PREFIX}theme`,
  sidebar: `${COOKIE_PREFIX}sidebar`,
  /** Signing in with a provider: the strategy's state and PKCE verifier (`hs_oauth:<uuid>`) and the flow. */
  oauthState: `${COOKIE_PREFIX}oauth`,
  oauthFlow: `${COOKIE_PREFIX}oauth_flow`,
  /** Reading preferences of an anonymous reader (signed; app/preferences). */
  preferences: `${COOKIE_PREFIX}prefs`,
  /** Analytics (only with that consent): the day this browser was first counted, for returning readers. */
  seen: `${COOKIE_PREFIX}seen`,
} as const;
