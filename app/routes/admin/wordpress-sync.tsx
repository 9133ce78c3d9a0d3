import { useEffect, useState } from "react";
import { data, Form, Link, useNavigation, useRevalidator } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { requireAdmin } from "~/auth/auth.server";
import { readPostedForm } from "~/auth/csrf.server";
import { PageTitle, SectionTitle } from "~/components/page-title";
import { ScrollX } from "~/components/scroll-x";
import { startSyncInBackground, syncSourceConfigured } from "~/content/sync-schedule.server";
import {
  getLastSync,
  getSyncHistory,
  getSyncProgress,
  SYNC_MESSAGES,
  type SyncProgress,
} from "~/content/sync-status.server";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { redirectWithToast } from "~/toasts/toast.server";
import { formatDate } from "~/utils/dates";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/wordpress-sync";

const PAGE = "/admin/wordpress-sync";
/** A button that cannot be used looks it (the .btn component has no disabled look of its own). */
const DISABLED = "disabled:cursor-not-allowed disabled:opacity-60";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [last, history, progress] = await Promise.all([getLastSync(), getSyncHistory(), getSyncProgress()]);
  return data(
    {
      last,
      progress,
      sourceConfigured: syncSourceConfigured(),
      noSourceMessage: SYNC_MESSAGES.noSource,
      history: history.map((r) => ({
        ...r,
        recordedAt: r.recordedAt.toISOString(),
        timestamp: r.timestamp.toISOString(),
      })),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

/**
 * POST: "Sync now" (the latest posts and a few older pages, ignoring the
 * 2.5-minute skip rule) or "Back-fill the whole site" (every page). Either
 * starts in the background under the sync lease and redirects at once; the
 * page then shows its progress.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readPostedForm(request, context);
  const intent = form.get("intent");
  if (intent !== "sync" && intent !== "backfill") {
    throw data({ message: "Choose Sync now or Back-fill the whole site." }, { status: 400 });
  }
  const full = intent === "backfill";
  const started = await startSyncInBackground(admin, { full });
  if (started === "no-source") {
    // A form from before the source was removed, or a hand-made POST: said, and nothing counted.
    return redirectWithToast(PAGE, {
      title: "Nothing to sync",
      description: SYNC_MESSAGES.noSource,
      variant: "default",
    });
  }
  if (started === "running") {
    return redirectWithToast(PAGE, {
      title: "A sync is already running",
      description: "Its progress is shown below. Start another one when it has finished.",
      variant: "destructive",
    });
  }
  return redirectWithToast(PAGE, {
    title: full ? "Back-fill started" : "Sync started",
    description: "It runs in the background; its progress is shown below.",
    variant: "success",
  });
}

export const headers: Route.HeadersFunction = () => PRIVATE_PAGE_HEADERS;

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Content sync" });

const utc = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

function ProgressView({ progress }: { progress: SyncProgress }) {
  const what = progress.kind === "backfill" ? "Back-fill of the whole site" : "Sync";
  // What the heading says once it ended: a failure is not "finished" (the tester's report, item 10).
  const ended =
    progress.outcome?.status === "error"
      ? "failed"
      : progress.outcome?.type === "warning"
        ? "finished with a warning"
        : "finished";
  const percent = progress.total ? Math.round((Math.min(progress.done, progress.total) / progress.total) * 100) : null;
  return (
    <section aria-labelledby="sync-progress-title" className="mt-6 rounded-lg border border-line bg-surface p-4">
      <SectionTitle id="sync-progress-title">{progress.running ? `${what} running` : `${what} ${ended}`}</SectionTitle>
      {progress.running ? (
        <>
          <label htmlFor="sync-progress-bar" className="mt-3 block font-semibold">
            Progress
          </label>
          {progress.total ? (
            <progress id="sync-progress-bar" className="w-full" max={progress.total} value={progress.done}>
              {percent}%
            </progress>
          ) : (
            <progress id="sync-progress-bar" className="w-full" />
          )}
        </>
      ) : null}
      <p role="status" className="mt-2" data-testid="sync-progress-text">
        {progress.running
          ? `${progress.phase}. ${progress.total ? `${progress.done} of ${progress.total} pages` : "Counting pages"}, ${progress.posts} posts copied.`
          : (progress.outcome?.message ?? "Finished.")}
      </p>
      <p className="text-sm text-muted">Started {utc(progress.startedAt)}.</p>
      {progress.running ? (
        <Link to={PAGE} className="btn mt-3">
          Refresh progress
        </Link>
      ) : null}
    </section>
  );
}

/**
 * With JavaScript: the progress from the event stream. Without, the admin reloads it with the
 * "Refresh progress" link: a page that reloads itself (a meta refresh) takes a screen reader's
 * place away every few seconds (WCAG 2.2.1, axe's meta-refresh), so none does.
 */
function useLiveProgress(initial: SyncProgress | null) {
  const [progress, setProgress] = useState(initial);
  const revalidator = useRevalidator();
  useEffect(() => setProgress(initial), [initial]);
  const running = Boolean(progress?.running);
  useEffect(() => {
    if (!running) return;
    const source = new EventSource(`${PAGE}/progress`);
    source.addEventListener("progress", (event) => {
      const next = JSON.parse((event as MessageEvent<string>).data) as SyncProgress | null;
      setProgress(next);
      if (!next?.running) {
        source.close();
        // The history and the last sync changed: load them.
        void revalidator.revalidate();
      }
    });
    return () => source.close();
  }, [running, revalidator.revalidate]);
  return progress;
}

/**
 * How the last sync went. The spec's last-sync record has no warning, so a run that copied what was
 * valid and dropped invalid items said plain "succeeded" above a history that said otherwise: its
 * warning comes from the newest history row, the same run's.
 */
function lastOutcome(last: { success: boolean }, newest: { status: string; type: string } | undefined) {
  if (!last.success) return "failed";
  return newest?.status === "success" && newest.type === "warning"
    ? "succeeded with a warning (see below)"
    : "succeeded";
}

export default function WordPressSync({ loaderData }: Route.ComponentProps) {
  const { last, history, sourceConfigured, noSourceMessage } = loaderData;
  const progress = useLiveProgress(loaderData.progress);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === PAGE;
  const running = Boolean(loaderData.progress?.running);
  const unavailable = busy || running || !sourceConfigured;
  // The buttons say why they cannot be used: the missing source, then what each one does.
  const describedBy = sourceConfigured ? "backfill-hint" : "no-source-note backfill-hint";
  return (
    <div>
      <PageTitle>Content sync</PageTitle>
      <p className="mt-2 text-muted">
        {last
          ? `Last sync ${formatDate(last.timestamp)} at ${new Date(last.timestamp).toISOString().slice(11, 16)} UTC: ${lastOutcome(last, history[0])}, ${last.count} posts.`
          : "No sync has run yet."}
      </p>
      {sourceConfigured ? null : (
        <p id="no-source-note" role="note" className="mt-4 rounded border border-accent bg-surface p-3">
          {noSourceMessage} Set one of them (see the README's configuration) and restart the server to sync.
        </p>
      )}
      <Form method="post" className="mt-4 flex flex-wrap gap-3">
        <AuthenticityTokenInput name="csrf" />
        <button
          type="submit"
          name="intent"
          value="sync"
          className={`btn btn-primary ${DISABLED}`}
          disabled={unavailable}
          aria-describedby={sourceConfigured ? undefined : "no-source-note"}
        >
          Sync now
        </button>
        <button
          type="submit"
          name="intent"
          value="backfill"
          className={`btn ${DISABLED}`}
          disabled={unavailable}
          aria-describedby={describedBy}
        >
          Back-fill the whole site
        </button>
      </Form>
      <p id="backfill-hint" className="mt-2 text-sm text-muted">
        Sync now copies the latest posts and a few older pages. Back-fill copies every page of the WordPress site.
      </p>
      {progress ? <ProgressView progress={progress} /> : null}
      <SectionTitle className="mt-8">History</SectionTitle>
      {history.length ? (
        <ScrollX label="Sync history" className="mt-3">
          <table className="w-full max-md:stacked-table @max-[30rem]:stacked-table text-left text-sm">
            <caption className="sr-only">The latest 10 content syncs</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Outcome</th>
                <th scope="col">Posts</th>
                <th scope="col">Took</th>
                <th scope="col">Message</th>
              </tr>
            </thead>
            <tbody>
              {history.map((record) => (
                <tr key={record.id} className="border-t border-line align-top">
                  <td className="py-2 pr-2 whitespace-nowrap">{utc(record.recordedAt)}</td>
                  <td className="pr-2" data-label="Outcome">
                    {record.status === "success" && record.type === "warning"
                      ? "success, with a warning"
                      : record.status}
                  </td>
                  <td className="pr-2" data-label="Posts">
                    {record.postsCount}
                  </td>
                  <td className="pr-2 whitespace-nowrap" data-label="Took">
                    {(record.syncTime / 1000).toFixed(1)} s
                  </td>
                  <td data-label="Message">
                    {record.message}
                    {record.status === "success" && record.type === "warning" && record.errorDetails ? (
                      <details className="mt-1">
                        <summary>Warning details</summary>
                        <p className="mt-1 min-w-0 wrap-anywhere">{record.errorDetails}</p>
                      </details>
                    ) : null}
                    {record.status === "error" ? (
                      <details className="mt-1">
                        <summary>Error details</summary>
                        <dl className="mt-1 grid grid-cols-1 gap-x-3 sm:grid-cols-[auto_1fr]">
                          <dt className="font-semibold">Type</dt>
                          <dd>{record.errorType ?? "unknown"}</dd>
                          <dt className="font-semibold">Retries</dt>
                          <dd>{record.retryCount}</dd>
                          <dt className="font-semibold">Source reachable</dt>
                          <dd>{record.apiAvailable ? "yes" : "no"}</dd>
                          <dt className="font-semibold">Details</dt>
                          {/* Words wrap as words; only a long address breaks where it must. */}
                          <dd className="min-w-0 wrap-anywhere">{record.errorDetails ?? "None recorded."}</dd>
                        </dl>
                      </details>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollX>
      ) : (
        <p className="mt-3 text-muted">Nothing recorded yet.</p>
      )}
    </div>
  );
}
