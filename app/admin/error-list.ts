// The grouped error log's list options on /admin/bug-reports (app/site/list-query.ts has the rule).
import type { SortOption } from "~/site/list-query";

export const ERROR_GROUP_SORTS = [
  { value: "last", label: "Last seen first" },
  { value: "count", label: "Most frequent first" },
  { value: "first", label: "First seen first" },
] as const satisfies readonly [SortOption, ...SortOption[]];

/** The grouped log's query parameters: eq, esort, epage, and esource (all, server or browser). */
export const ERROR_GROUP_PREFIX = "e";
/** Where a record came from: the server's own exceptions or a browser's report. */
export const ERROR_SOURCES = ["server", "browser"] as const;
