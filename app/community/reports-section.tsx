// The reports part of the moderation queue (/admin/content-moderation): one
// group per reported post or comment, its reports, and a form per item with
// named intents (hide, delete, dismiss) that posts to
// /admin/content-moderation/reports. Works without JavaScript.
import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ListSearch, SortLinks, useListHref } from "~/components/list-controls";
import { Pagination } from "~/components/pagination";
import { type ListQuery, listParamNames, type SortOption } from "~/site/list-query";
import { formatDate } from "~/utils/dates";
import type { ReportGroup } from "./reports.server";

export const REPORTS_ACTION = "/admin/content-moderation/reports";

/** The reports list's query parameters: rq, rsort, rpage (the queue beside it has q, sort, page). */
export const REPORTS_PREFIX = "r";

export const REPORT_SORTS = [
  { value: "most", label: "Most reported first" },
  { value: "oldest", label: "Oldest first" },
  { value: "newest", label: "Newest first" },
] as const satisfies readonly [SortOption, ...SortOption[]];

/** Which page of the section's list this is (its links are built from the page's address). */
export type ReportsList = { query: ListQuery; pages: number; total: number };

export type ModerationRecord = {
  id: string;
  postId: number;
  action: string;
  adminName: string;
  reports: number;
  createdAt: string;
};

const ACTION_LABELS: Record<string, string> = { hide: "Hid", delete: "Deleted", dismiss: "Dismissed the reports of" };

export function ReportsSection({
  groups,
  recent = [],
  redirectTo = REPORTS_ACTION,
  headingLevel = 2,
  list,
}: {
  groups: ReportGroup[];
  /** Search, sort and page links (query parameters rq, rsort, rpage). */
  list?: ReportsList;
  /** The latest admin actions (who, when, what), from recentModeration(). */
  recent?: ModerationRecord[];
  /** The page to come back to after an action (the page this section is on). */
  redirectTo?: string;
  headingLevel?: 2 | 3;
}) {
  const hrefFor = useListHref();
  const pageParam = listParamNames(REPORTS_PREFIX).page;
  const H = `h${headingLevel}` as "h2";
  const Sub = `h${headingLevel + 1}` as "h3";
  return (
    <section aria-labelledby="reported-posts" className="space-y-4">
      <H id="reported-posts" className="font-serif text-2xl font-bold">
        Reported posts and comments ({list ? list.total : groups.length})
      </H>
      {list ? <ReportListControls list={list} /> : null}
      {groups.length === 0 ? (
        <p className="text-muted">
          {list?.query.q ? `No open reports match "${list.query.q}".` : "No open reports. The community is behaving."}
        </p>
      ) : null}
      <ul className="space-y-4">
        {groups.map((group) => (
          <li key={group.postId}>
            <article
              aria-labelledby={`report-${group.postId}`}
              className="rounded-lg border border-line bg-surface p-4"
            >
              <Sub id={`report-${group.postId}`} className="font-semibold">
                Post #{group.postId} by {group.author ?? "a former reader"}
              </Sub>
              <p className="text-sm text-muted">
                {group.where} ·{" "}
                <Link to={group.href} className="underline">
                  see it in place
                </Link>
              </p>
              <blockquote className="mt-2 border-l-4 border-line pl-3 [overflow-wrap:anywhere]">
                {group.excerpt || <em>(no text)</em>}
              </blockquote>
              <p className="mt-3 text-sm font-semibold">
                {group.reports.length === 1 ? "1 report" : `${group.reports.length} reports`}
              </p>
              <ul className="mt-1 list-disc pl-6 text-sm">
                {group.reports.map((report) => (
                  <li key={report.id}>
                    {report.reason} (from {report.reporter}, {formatDate(report.createdAt)})
                    {report.details ? <span className="[overflow-wrap:anywhere]">: {report.details}</span> : null}
                  </li>
                ))}
              </ul>
              <Form method="post" action={REPORTS_ACTION} className="mt-3 flex flex-wrap gap-2">
                <AuthenticityTokenInput name="csrf" />
                <input type="hidden" name="postId" value={group.postId} />
                <input type="hidden" name="redirectTo" value={redirectTo} />
                <button type="submit" name="intent" value="hide" className="btn btn-primary">
                  Hide<span className="sr-only"> post #{group.postId}</span>
                </button>
                <button type="submit" name="intent" value="delete" className="btn">
                  Delete<span className="sr-only"> post #{group.postId}</span>
                </button>
                <button type="submit" name="intent" value="dismiss" className="btn">
                  Dismiss<span className="sr-only"> the reports of post #{group.postId}</span>
                </button>
              </Form>
            </article>
          </li>
        ))}
      </ul>
      {list ? (
        <Pagination
          label="Pages of reported posts"
          page={list.query.page}
          totalPages={list.pages}
          hrefFor={(page) => hrefFor({ [pageParam]: page }, pageParam)}
        />
      ) : null}
      {recent.length ? (
        <>
          <Sub className="font-serif text-xl font-bold">Recent decisions</Sub>
          <ul className="list-disc pl-6 text-sm">
            {recent.map((r) => (
              <li key={r.id}>
                {formatDate(r.createdAt)} {r.createdAt.slice(11, 16)} UTC: {r.adminName} —{" "}
                {ACTION_LABELS[r.action] ?? r.action} post #{r.postId}
                {r.reports ? ` (${r.reports === 1 ? "1 report" : `${r.reports} reports`} closed)` : ""}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function ReportListControls({ list }: { list: ReportsList }) {
  return (
    <div>
      <ListSearch label="Search reported posts" button="Find reports" query={list.query} prefix={REPORTS_PREFIX} />
      <SortLinks label="Sort reported posts" options={REPORT_SORTS} query={list.query} prefix={REPORTS_PREFIX} />
    </div>
  );
}
