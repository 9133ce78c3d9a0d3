/**
 * Left by signing out, for a day: a form sent afterwards from a page still open in another tab is
 * told, on /auth, that it was not saved (docs/decisions/056). Apart from COOKIE_NAMES, which every
 * page's JavaScript carries: only the server and the cookie policy name it.
 */
export const SIGNED_OUT_COOKIE = "hs_signed_out";
