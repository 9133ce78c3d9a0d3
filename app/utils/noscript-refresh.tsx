// A page that refreshes itself for readers without JavaScript (the content
// sync's progress, docs/decisions/021) says so in its route `handle`; the
// root renders the refresh in <head>, where HTML allows <meta http-equiv>
// (a <noscript><meta> in the body is invalid, and the HTML checker says so).
// With JavaScript the page keeps itself current and never reloads.
import { useMatches } from "react-router";

export type NoscriptRefreshHandle = {
  /** Seconds until the page reloads without JavaScript, from the route's loader data; null for none. */
  noscriptRefresh: (loaderData: unknown) => number | null;
};

function isRefreshHandle(handle: unknown): handle is NoscriptRefreshHandle {
  return typeof (handle as Partial<NoscriptRefreshHandle> | undefined)?.noscriptRefresh === "function";
}

/** The <noscript> refresh of the deepest page that asks for one (render inside <head>). */
export function NoscriptRefresh() {
  const seconds = useMatches()
    .map((match) => (isRefreshHandle(match.handle) ? match.handle.noscriptRefresh(match.loaderData) : null))
    .findLast((value) => value !== null);
  if (!seconds) return null;
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(seconds)} />
    </noscript>
  );
}
