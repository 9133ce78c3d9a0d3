// The search page's one limit, shared by its input and its loader.

/** The longest query searched for; a longer one is shortened, and the page says so. */
export const SEARCH_QUERY_MAX = 200;
