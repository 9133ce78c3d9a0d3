/**
 * A form sent after the session ended, kept for an hour and given back once the reader signs in
 * again (docs/decisions/058): a random value whose hash names the row. In a module of its own, as
 * the signed-out cookie's name is: only the server and the cookie policy name it, and the form
 * kit's chunk, which the cookie policy's page does not share, stays whole.
 */
export const KEPT_FORM_COOKIE = "hs_kept";
