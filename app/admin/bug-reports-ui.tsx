// The page of /admin/bug-reports (docs/decisions/020), drawn from what the
// route's loader read: one error log entry when `?error=<id>` asks for it, the
// readers' bug reports (search, sort, status links, pages, a status form each)
// and the error log grouped by message and route. Forms post to the route.
import { Form, Link, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormErrors } from "~/components/form-errors";
import { ListSearch, SortLinks, useListHref } from "~/components/list-controls";
import { PageTitle, SectionTitle } from "~/components/page-title";
import { Pagination } from "~/components/pagination";
import { ScrollX } from "~/components/scroll-x";
import { type ListQuery, listParamNames } from "~/site/list-query";
import type { errorGroupPage, findErrorEntry } from "./error-groups.server";
import { ERROR_GROUP_PREFIX, ERROR_GROUP_SORTS, ERROR_SOURCES } from "./error-list";
import { OPEN, reviewTime, STATUS_LABELS, STATUSES } from "./feedback-review";
import type { listReviewItems } from "./feedback-review.server";
import { SenderLine, StatusSelect } from "./feedback-review-ui";

const PATH = "/admin/bug-reports";
const GROUP_PAGE = listParamNames(ERROR_GROUP_PREFIX).page;
const SOURCE_PARAM = `${ERROR_GROUP_PREFIX}source`;
const SOURCE_LABELS: Record<string, string> = { server: "Server", browser: "Browser" };
const BUG_SORTS = [
  { value: "newest", label: "Newest first" },
  { value: "oldest", label: "Oldest first" },
] as const;

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
        <StatusSelect id={selectId} statuses={statuses} defaultValue={current} />
      </div>
      <button type="submit" name="intent" value={intent} className="btn" disabled={busy}>
        Save status
      </button>
    </Form>
  );
}

/** What the route's loader gives the page. */
export type BugReportsData = {
  askedFor: string | null;
  entry: Awaited<ReturnType<typeof findErrorEntry>>;
  reports: Awaited<ReturnType<typeof listReviewItems>>;
  status: string | null;
  bugQuery: ListQuery;
  errors: ReturnType<typeof errorGroupPage>;
};

/** The page: one log entry when asked for, the bug reports, then the error log grouped. */
export function BugReportsPage({
  data: { entry, askedFor, reports, status, bugQuery, errors },
  actionData,
}: {
  data: BugReportsData;
  actionData: { result: { error?: Record<string, string[] | null> | null } } | undefined;
}) {
  const groups = errors.groups;
  const hrefFor = useListHref();
  const busy = useNavigation().state === "submitting";
  return (
    <div>
      <PageTitle>Bug reports</PageTitle>
      <p className="mt-2 text-muted">
        Readers' bug reports, and the error log (the latest 1000 records: what readers' browsers sent and what the
        server itself caught), grouped by message and route.
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
          <SectionTitle id="entry-title">Error log entry {askedFor}</SectionTitle>
          {entry ? (
            <>
              <dl className="mt-2 grid grid-cols-1 gap-x-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
                <dt className="font-semibold">Message</dt>
                <dd className="break-words">{entry.message}</dd>
                <dt className="font-semibold">Route</dt>
                <dd className="break-all">{entry.route}</dd>
                <dt className="font-semibold">Source</dt>
                <dd>{SOURCE_LABELS[entry.source] ?? entry.source}</dd>
                <dt className="font-semibold">Address</dt>
                <dd className="break-all">{entry.url ?? "not sent"}</dd>
                <dt className="font-semibold">When</dt>
                <dd>{reviewTime(entry.timestamp)}</dd>
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
        <SectionTitle id="reports-title">Bug reports ({reports.total})</SectionTitle>
        <nav aria-label="Bug report status" className="mt-2 flex flex-wrap gap-3 text-sm">
          {[null, OPEN, ...STATUSES.bug].map((s) => (
            <Link
              key={s ?? "all"}
              to={hrefFor({ status: s })}
              aria-current={s === status ? "page" : undefined}
              className={s === status ? "font-bold underline" : undefined}
            >
              {s ? STATUS_LABELS[s] : "All"}
            </Link>
          ))}
        </nav>
        <ListSearch label="Search bug reports" button="Find bug reports" query={bugQuery} />
        <SortLinks label="Sort bug reports" options={BUG_SORTS} query={bugQuery} />
        {reports.items.length ? (
          <ol className="mt-3 space-y-3">
            {reports.items.map((r) => (
              <li key={r.id} className="rounded-lg border border-line bg-surface p-4">
                <article aria-labelledby={`bug-${r.id}`}>
                  <h3 id={`bug-${r.id}`} className="font-semibold">
                    {r.summary}{" "}
                    <span className="text-sm font-normal text-muted">
                      · {reviewTime(r.createdAt)} · status{" "}
                      <strong className="text-ink">{STATUS_LABELS[r.status] ?? r.status}</strong>
                    </span>
                  </h3>
                  <SenderLine sender={r.sender} />
                  <p className="mt-1 whitespace-pre-line break-words">{r.text}</p>
                  <dl className="mt-2 grid grid-cols-1 gap-x-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
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
                      label={`Status of the bug report of ${reviewTime(r.createdAt)}`}
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
        <Pagination
          label="Pages of bug reports"
          page={bugQuery.page}
          totalPages={reports.pages}
          hrefFor={(page) => hrefFor({ page })}
        />
      </section>

      <section aria-labelledby="groups-title" className="mt-8">
        <SectionTitle id="groups-title">
          Error log, grouped ({errors.total} {errors.total === 1 ? "group" : "groups"})
        </SectionTitle>
        <nav aria-label="Error source" className="mt-2 flex flex-wrap gap-3 text-sm">
          {[null, ...ERROR_SOURCES].map((source) => (
            <Link
              key={source ?? "all"}
              to={hrefFor({ [SOURCE_PARAM]: source }, GROUP_PAGE)}
              aria-current={source === errors.source ? "page" : undefined}
              className={source === errors.source ? "font-bold underline" : undefined}
            >
              {source ? SOURCE_LABELS[source] : "All sources"}
            </Link>
          ))}
        </nav>
        <ListSearch
          label="Search the error log"
          button="Find errors"
          query={errors.query}
          prefix={ERROR_GROUP_PREFIX}
        />
        <SortLinks
          label="Sort the error log"
          options={ERROR_GROUP_SORTS}
          query={errors.query}
          prefix={ERROR_GROUP_PREFIX}
        />
        {groups.length ? (
          <ScrollX label="Errors grouped by message and route" className="mt-3">
            <table className="w-full max-lg:stacked-table @max-[30rem]:stacked-table text-left text-sm">
              <caption className="sr-only">Errors grouped by message and route</caption>
              <thead>
                <tr>
                  <th scope="col">Message</th>
                  <th scope="col">Route</th>
                  <th scope="col">Source</th>
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
                    <td className="break-all py-2 pr-2" data-label="Route">
                      {g.route}
                    </td>
                    <td className="py-2 pr-2" data-label="Source">
                      {g.sources.map((x) => SOURCE_LABELS[x] ?? x).join(", ")}
                    </td>
                    <td className="py-2 pr-2" data-label="Count">
                      {g.count}
                    </td>
                    <td className="py-2 pr-2" data-label="First seen">
                      {reviewTime(g.firstSeen)}
                    </td>
                    <td className="py-2 pr-2" data-label="Last seen">
                      {reviewTime(g.lastSeen)}
                    </td>
                    <td className="py-2" data-label="Status">
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
          <p className="mt-3 text-muted">
            {errors.query.q || errors.source ? "No error group matches." : "The error log is empty."}
          </p>
        )}
        <Pagination
          label="Pages of the error log"
          page={errors.query.page}
          totalPages={errors.pages}
          hrefFor={(page) => hrefFor({ [GROUP_PAGE]: page }, GROUP_PAGE)}
        />
      </section>
    </div>
  );
}
