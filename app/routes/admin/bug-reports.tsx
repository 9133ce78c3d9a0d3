// /admin/bug-reports (issue 15, docs/decisions/020): readers' bug reports with
// their status, and the error log grouped by message and route (count, first and
// last seen, a status). `?error=<id>` opens one log entry: a report's error id
// links here. The log holds browser errors only: the server does not store its own.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { findErrorEntry, listErrorGroups, setErrorGroupStatus } from "~/admin/error-groups.server";
import { BugActionSchema, pageUrl, STATUS_LABELS, STATUSES } from "~/admin/feedback";
import { listReviewItems, setStatuses } from "~/admin/feedback.server";
import { requireAdmin } from "~/auth/auth.server";
import { readPostedForm } from "~/auth/csrf.server";
import { FormErrors } from "~/auth/forms";
import { ScrollX } from "~/components/scroll-x";
import { ERROR_ID_PATTERN } from "~/errors/error-log";
import { redirectWithToast } from "~/toasts/toast.server";
import { replyToFailure } from "~/utils/forms";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import { PRIVATE_PAGE_HEADERS } from "../../../server/http-cache";
import type { Route } from "./+types/bug-reports";

const PATH = "/admin/bug-reports";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const errorId = url.searchParams.get("error");
  const wanted = errorId && ERROR_ID_PATTERN.test(errorId) ? errorId : null;
  const bugStatus = url.searchParams.get("status");
  const status = bugStatus && (STATUSES.bug as readonly string[]).includes(bugStatus) ? bugStatus : null;
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const [entry, reports, groups] = await Promise.all([
    wanted ? findErrorEntry(wanted) : null,
    listReviewItems({
      kind: "bug",
      type: null,
      category: null,
      status,
      q: null,
      page: Number.isSafeInteger(page) && page > 0 && page < 100_000 ? page : 1,
    }),
    listErrorGroups(),
  ]);
  return data(
    { errorId: wanted, askedFor: errorId, entry, reports, status, groups },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readPostedForm(request, context);
  const submission = parseWithZod(form, { schema: BugActionSchema });
  if (submission.status !== "success") {
    return data({ result: replyToFailure(submission, ["intent", "id", "status"]) }, { status: 400 });
  }
  const { intent, id, status } = submission.value;
  if (intent === "bug-status") await setStatuses(admin, "bug", [id], status);
  else await setErrorGroupStatus(admin, id, status);
  const url = pageUrl(request);
  return redirectWithToast(url.pathname + url.search, {
    title: "Saved",
    description: `${intent === "bug-status" ? "Bug report" : "Error group"} marked ${STATUS_LABELS[status] ?? status}.`,
    variant: "success",
  });
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Bug reports" });

const fmt = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

function StatusForm({
  intent,
  id,
  current,
  statuses,
  label,
  busy,
}: {
  intent: "bug-status" | "error-status";
  id: string;
  current: string;
  statuses: readonly string[];
  label: string;
  busy: boolean;
}) {
  const selectId = `${intent}-${id}`;
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="id" value={id} />
      <div>
        <label htmlFor={selectId} className="sr-only">
          {label}
        </label>
        <select
          id={selectId}
          name="status"
          defaultValue={current}
          className="rounded border border-line bg-bg px-2 py-1 text-ink"
        >
          {statuses.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s] ?? s}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" name="intent" value={intent} className="btn" disabled={busy}>
        Save status
      </button>
    </Form>
  );
}

export default function BugReports({ loaderData, actionData }: Route.ComponentProps) {
  const { entry, askedFor, reports, status, groups } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <div>
      <h1 className="font-serif text-4xl font-bold">Bug reports</h1>
      <p className="mt-2 text-muted">
        Readers' bug reports and the error log their browsers sent (the latest 1000 records), grouped by message and
        route. The server's own errors are not stored here.
      </p>
      <div className="mt-4">
        <FormErrors
          errors={
            actionData ? [...new Set(Object.values(actionData.result.error ?? {}).flatMap((e) => e ?? []))] : undefined
          }
        />
      </div>

      {askedFor ? (
        <section aria-labelledby="entry-title" className="mt-6 rounded-lg border border-ink bg-surface p-4">
          <h2 id="entry-title" className="font-serif text-2xl font-bold">
            Error log entry {askedFor}
          </h2>
          {entry ? (
            <>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                <dt className="font-semibold">Message</dt>
                <dd className="break-words">{entry.message}</dd>
                <dt className="font-semibold">Route</dt>
                <dd className="break-all">{entry.route}</dd>
                <dt className="font-semibold">Address</dt>
                <dd className="break-all">{entry.url ?? "not sent"}</dd>
                <dt className="font-semibold">When</dt>
                <dd>{fmt(entry.timestamp)}</dd>
                <dt className="font-semibold">Browser</dt>
                <dd className="break-all">{entry.userAgent ?? "not sent"}</dd>
                <dt className="font-semibold">Group status</dt>
                <dd>
                  <a href={`#group-${entry.groupKey}`}>{STATUS_LABELS[entry.groupStatus] ?? entry.groupStatus}</a>
                </dd>
                <dt className="font-semibold">Reports naming it</dt>
                <dd>{entry.reportIds.length ? entry.reportIds.join(", ") : "none"}</dd>
              </dl>
              {entry.stack ? (
                <details className="mt-2">
                  <summary className="cursor-pointer">Stack</summary>
                  <pre className="mt-1 overflow-x-auto text-xs whitespace-pre-wrap">{entry.stack}</pre>
                </details>
              ) : null}
              {entry.componentStack ? (
                <details className="mt-2">
                  <summary className="cursor-pointer">Component stack</summary>
                  <pre className="mt-1 overflow-x-auto text-xs whitespace-pre-wrap">{entry.componentStack}</pre>
                </details>
              ) : null}
            </>
          ) : (
            <p className="mt-2">The error log has no entry with this id (it keeps the latest 1000 records).</p>
          )}
        </section>
      ) : null}

      <section aria-labelledby="reports-title" className="mt-8">
        <h2 id="reports-title" className="font-serif text-2xl font-bold">
          Bug reports ({reports.total})
        </h2>
        <nav aria-label="Bug report status" className="mt-2 flex flex-wrap gap-3 text-sm">
          {[null, ...STATUSES.bug].map((s) => (
            <Link
              key={s ?? "all"}
              to={s ? `${PATH}?status=${s}` : PATH}
              aria-current={s === status ? "page" : undefined}
              className={s === status ? "font-bold underline" : undefined}
            >
              {s ? STATUS_LABELS[s] : "All"}
            </Link>
          ))}
        </nav>
        {reports.items.length ? (
          <ol className="mt-3 space-y-3">
            {reports.items.map((r) => (
              <li key={r.id} className="rounded-lg border border-line bg-surface p-4">
                <article aria-labelledby={`bug-${r.id}`}>
                  <h3 id={`bug-${r.id}`} className="font-semibold">
                    {r.summary}{" "}
                    <span className="text-sm font-normal text-muted">
                      · {fmt(r.createdAt)} · status{" "}
                      <strong className="text-ink">{STATUS_LABELS[r.status] ?? r.status}</strong>
                    </span>
                  </h3>
                  <p className="mt-1 whitespace-pre-line break-words">{r.text}</p>
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                    {r.fields.map(([label, value]) => (
                      <div key={label} className="contents">
                        <dt className="font-semibold">{label}</dt>
                        <dd className="break-all">{value}</dd>
                      </div>
                    ))}
                    {r.errorId ? (
                      <div className="contents">
                        <dt className="font-semibold">Error id</dt>
                        <dd>
                          <Link to={`${PATH}?error=${encodeURIComponent(r.errorId)}`}>{r.errorId} (its log entry)</Link>
                        </dd>
                      </div>
                    ) : null}
                  </dl>
                  <div className="mt-2">
                    <StatusForm
                      intent="bug-status"
                      id={r.id}
                      current={r.status}
                      statuses={STATUSES.bug}
                      label={`Status of the bug report of ${fmt(r.createdAt)}`}
                      busy={busy}
                    />
                  </div>
                  <p className="mt-1 text-sm">
                    <Link to={`/admin/feedback?kind=bug`}>Notes on bug reports</Link>
                  </p>
                </article>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-3 text-muted">No bug reports{status ? " with this status" : ""}.</p>
        )}
        {reports.pages > 1 ? (
          <p className="mt-3 text-sm">
            Pages:{" "}
            {Array.from({ length: reports.pages }, (_, i) => `page-${i + 1}`).map((key, i) => (
              <Link
                key={key}
                to={`${PATH}?${new URLSearchParams({ ...(status ? { status } : {}), page: String(i + 1) })}`}
                className="mr-2"
              >
                {i + 1}
              </Link>
            ))}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="groups-title" className="mt-8">
        <h2 id="groups-title" className="font-serif text-2xl font-bold">
          Error log, grouped ({groups.length} {groups.length === 1 ? "group" : "groups"})
        </h2>
        {groups.length ? (
          <ScrollX label="Errors grouped by message and route" className="mt-3">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Errors grouped by message and route</caption>
              <thead>
                <tr>
                  <th scope="col">Message</th>
                  <th scope="col">Route</th>
                  <th scope="col">Count</th>
                  <th scope="col">First seen</th>
                  <th scope="col">Last seen</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {groups.map((g) => (
                  <tr key={g.key} id={`group-${g.key}`} className="border-t border-line align-top">
                    <td className="max-w-xs break-words py-2 pr-2">
                      <Link to={`${PATH}?error=${encodeURIComponent(g.latestId)}`}>{g.message}</Link>
                    </td>
                    <td className="break-all py-2 pr-2">{g.route}</td>
                    <td className="py-2 pr-2">{g.count}</td>
                    <td className="py-2 pr-2">{fmt(g.firstSeen)}</td>
                    <td className="py-2 pr-2">{fmt(g.lastSeen)}</td>
                    <td className="py-2">
                      <StatusForm
                        intent="error-status"
                        id={g.key}
                        current={g.status}
                        statuses={STATUSES.error}
                        label={`Status of the error "${g.message.slice(0, 80)}" on ${g.route}`}
                        busy={busy}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollX>
        ) : (
          <p className="mt-3 text-muted">The error log is empty.</p>
        )}
      </section>
    </div>
  );
}
