import { Form, redirect, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { requireAdmin } from "~/auth/auth.server";
import { formatDate } from "~/components/story-card";
import { getLastSync, getSyncHistory } from "~/content/sync.server";
import { syncContent } from "~/content/sync-schedule.server";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/wordpress-sync";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [last, history] = await Promise.all([getLastSync(), getSyncHistory()]);
  return {
    last,
    history: history.map((r) => ({
      ...r,
      recordedAt: r.recordedAt.toISOString(),
      timestamp: r.timestamp.toISOString(),
    })),
  };
}

/** POST: a content sync now, ignoring the 2.5-minute skip rule (the lease still keeps it to one at a time). */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  await syncContent({ force: true });
  return redirect("/admin/wordpress-sync");
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Content sync" });

export default function WordPressSync({ loaderData }: Route.ComponentProps) {
  const { last, history } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <div>
      <h1 className="font-serif text-4xl font-bold">Content sync</h1>
      <p className="mt-2 text-muted">
        {last
          ? `Last sync ${formatDate(last.timestamp)} at ${new Date(last.timestamp).toISOString().slice(11, 16)} UTC: ${last.success ? "succeeded" : "failed"}, ${last.count} posts.`
          : "No sync has run yet."}
      </p>
      <Form method="post" className="mt-4">
        <AuthenticityTokenInput name="csrf" />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Syncing..." : "Sync now"}
        </button>
      </Form>
      <h2 className="mt-8 font-serif text-2xl font-bold">History</h2>
      {history.length ? (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">The latest 10 content syncs</caption>
          <thead>
            <tr>
              <th scope="col">When (UTC)</th>
              <th scope="col">Outcome</th>
              <th scope="col">Posts</th>
              <th scope="col">Message</th>
            </tr>
          </thead>
          <tbody>
            {history.map((record) => (
              <tr key={record.id} className="border-t border-line">
                <td className="py-2">{record.recordedAt.slice(0, 16).replace("T", " ")}</td>
                <td>{record.status}</td>
                <td>{record.postsCount}</td>
                <td>{record.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-3 text-muted">Nothing recorded yet.</p>
      )}
    </div>
  );
}
