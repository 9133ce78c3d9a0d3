// The reader's two lists of what they sent (/user/feedback-dashboard): each pages by itself
// (docs/decisions/061), and a notification's link names the item it is about, so that the list
// opens at the page that holds it. One home for the page parameters and the link's form, read by
// the dashboard's loader and links and written by the notices (admin/feedback-actions.server.ts).
import { readPage } from "~/site/list-query";

/** Each list's page parameter. */
export const SENT_PAGE_PARAMS = { feedback: "fpage", bug: "bpage" } as const;
export type SentKind = keyof typeof SENT_PAGE_PARAMS;

/** The item a link is about, as `feedback-ID` or `bug-ID` (its element's id on the dashboard). */
export const SENT_ITEM = "sent";

/** The dashboard at one item: its list opens at the item's page, and the browser scrolls to it. */
export const sentItemHref = (kind: SentKind, id: string) =>
  `/user/feedback-dashboard?${SENT_ITEM}=${kind}-${id}#${kind}-${id}`;

/**
 * A list as the address asks for it: its page, or (named by `?sent=` and given no page of its own)
 * the item whose page to open. `named` says that `?sent=` is about this list: its own page links
 * leave it behind, or page 1, which has no parameter, would open at the item's page again.
 */
export type SentList = { kind: SentKind; page: number; param: string; holding: string | null; named: boolean };

export function readSentList(params: URLSearchParams, kind: SentKind): SentList {
  const param = SENT_PAGE_PARAMS[kind];
  const [named, id] = (params.get(SENT_ITEM) ?? "").split(/-(.*)/s);
  const about = named === kind && Boolean(id);
  return {
    kind,
    page: readPage(params.get(param)),
    param,
    holding: about && !params.has(param) ? (id ?? null) : null,
    named: about,
  };
}
