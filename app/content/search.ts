// The search page's limits, shared by its input and its loader.

/** The longest query searched for; a longer one is shortened, and the page says so. */
export const SEARCH_QUERY_MAX = 200;

/** Results a page of /search shows (docs/decisions/061); the spec names no number for search. */
export const SEARCH_PER_PAGE = 20;
