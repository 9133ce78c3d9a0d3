import { OFFLINE_SHELL_HEADERS, offlineShell } from "~/offline/offline.server";

/** /offline: the page the service worker shows for a page it has not kept (docs/decisions/042). */
export function loader() {
  return new Response(offlineShell(), { headers: OFFLINE_SHELL_HEADERS });
}
