import { eventStream } from "remix-utils/sse/server";
import { requireAdmin } from "~/auth/auth.server";
import { getSyncProgress } from "~/content/sync-status.server";
import type { Route } from "./+types/progress";

/** How often the stream looks at the progress row (it is in the database: any process may run the sync). */
const POLL_MS = 500;

/**
 * GET /admin/wordpress-sync/progress: the content sync's progress as
 * server-sent events ("progress", JSON), for the progress bar of
 * /admin/wordpress-sync. Sends the current state at once and then each
 * change; the page closes the stream when the sync has finished.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const response = eventStream(request.signal, (send) => {
    let last = "";
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const value = JSON.stringify(await getSyncProgress());
        if (value !== last && !stopped) {
          last = value;
          send({ event: "progress", data: value });
        }
      } catch {
        // The next poll tries again.
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  });
  // no-transform: the compression middleware would otherwise hold the events back.
  response.headers.set("Cache-Control", "no-cache, no-transform");
  // And nginx would hold them in its buffers (deploy/nginx/horror-stories.conf, docs/decisions/040).
  response.headers.set("X-Accel-Buffering", "no");
  return response;
}
