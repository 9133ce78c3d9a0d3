// The page of /admin/feedback (docs/decisions/020), drawn from what the route's
// loader read: kind tabs with their new counts, filter links, the search form,
// the CSV link, the bulk status form and one card per item with its status form
// and internal notes. Every form posts to the route's action, with or without JS.
import type { ComponentProps } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormErrors } from "~/components/form-errors";
import { PageTitle, SectionTitle } from "~/components/page-title";
import { Pagination } from "~/components/pagination";
import { SearchShortened } from "~/components/search-shortened";
import { CATEGORY_LABELS, FEEDBACK_CATEGORIES, FEEDBACK_TYPES, TYPE_LABELS } from "~/feedback/feedback-form";
import { LIST_SEARCH_MAX } from "~/site/list-query";
import {
  type FeedbackFilters,
  filterQuery,
  ITEM_KINDS,
  type ItemKind,
  KIND_LABELS,
  NOTE_MAX,
  reviewTime,
  STATUS_LABELS,
  STATUSES,
} from "./feedback-review";
import type { ReviewItem } from "./feedback-review.server";

/**
 * Who sent a piece of feedback or a bug report, so an admin can follow up (an audit's defect 6):
 * "from <username>" linking to their admin page, or "anonymous".
 */
export function SenderLine({ sender }: { sender: ReviewItem["sender"] }) {
  if (sender === undefined) return null;
  return (
    <p className="mt-1 text-sm">
      {sender === null ? (
        "anonymous"
      ) : sender === "deleted" ? (
        "from an account deleted since"
      ) : (
        <>
          from <Link to={`/admin/users/${sender.id}`}>{sender.username}</Link>
        </>
      )}
    </p>
  );
}

/** A status field of either review page: a kind's statuses, in their order of work, by their labels. */
export function StatusSelect({ statuses, ...props }: { statuses: readonly string[] } & ComponentProps<"select">) {
  return (
    <select name="status" className="rounded border border-line bg-bg px-2 py-1 text-ink" {...props}>
      {statuses.map((s) => (
        <option key={s} value={s}>
          {STATUS_LABELS[s] ?? s}
        </option>
      ))}
    </select>
  );
}

const WRAP_ANYWHERE = "min-w-0 break-all [overflow-wrap:anywhere]";

function FilterLinks({
  label,
  current,
  choices,
  hrefFor,
}: {
  label: string;
  current: string | null;
  choices: { value: string | null; text: string }[];
  hrefFor: (value: string | null) => string;
}) {
  return (
    <nav aria-label={label} className="mt-2 flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
      <span className="font-semibold">{label}:</span>
      {choices.map((c) => (
        <Link
          key={c.value ?? "all"}
          to={hrefFor(c.value)}
          aria-current={c.value === current ? "page" : undefined}
          className={c.value === current ? "font-bold text-ink no-underline" : "underline"}
        >
          {c.text}
        </Link>
      ))}
    </nav>
  );
}

/** What the route's loader gives the page, and what its action answers to a refused form. */
export type FeedbackReviewData = {
  path: string;
  /** The signed-in admin's id: their own notes have a Delete. */
  me: string;
  filters: FeedbackFilters;
  counts: Record<ItemKind, number>;
  items: ReviewItem[];
  total: number;
  pages: number;
};
export type FeedbackReviewFailure = { intent: string; id: string; result: NonNullable<Failure> };

/** The review page: kind tabs, filters, search, CSV export, the bulk form and one card per item. */
export function FeedbackReviewPage({
  data: { path, me, filters, counts, items, total, pages },
  actionData,
}: {
  data: FeedbackReviewData;
  actionData: FeedbackReviewFailure | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const statuses = STATUSES[filters.kind] as readonly string[];
  const href = (change: Partial<typeof filters>) => {
    const next = { ...filters, page: 1, ...change };
    // On the review queue no status means "new"; "all" asks for every status.
    const extra: Record<string, string> =
      next.status === null && path.endsWith("/feedback-review") ? { status: "all" } : {};
    return `${path}${filterQuery(next, extra)}`;
  };
  const failed = (intent: string, id: string) =>
    actionData?.intent === intent && (intent === "bulk-status" || actionData.id === id) ? actionData.result : null;
  // An item's own errors show at the item; the rest (the bulk form's, a form that could not be
  // read, an item no longer listed) on top, so a refused form always says why.
  const atItem =
    (actionData?.intent === "note" || actionData?.intent === "status") && items.some((i) => i.id === actionData.id);
  const formError = actionData && !atItem ? Object.values(actionData.result.error ?? {}).flatMap((e) => e ?? []) : [];
  const exportHref = `/admin/feedback.csv${filterQuery({ ...filters, page: 1 })}`;

  return (
    <div>
      <PageTitle>Feedback</PageTitle>
      <p className="mt-2 text-muted">
        Feedback, error reports, bug reports, contact messages and copyright claims from readers. Bug reports are
        grouped with the error log on <Link to="/admin/bug-reports">Bug reports</Link>.
      </p>

      <nav aria-label="Kinds" className="mt-4 flex flex-wrap gap-2">
        {ITEM_KINDS.map((k) => (
          <Link
            key={k}
            to={`${path}${filterQuery({ kind: k })}`}
            aria-current={k === filters.kind ? "page" : undefined}
            className={`rounded border px-3 py-1 ${k === filters.kind ? "border-ink font-bold" : "border-line"}`}
          >
            {KIND_LABELS[k]} ({counts[k]} new)
          </Link>
        ))}
      </nav>

      <FilterLinks
        label="Status"
        current={filters.status}
        choices={[{ value: null, text: "All" }, ...statuses.map((s) => ({ value: s, text: STATUS_LABELS[s] ?? s }))]}
        hrefFor={(status) => href({ status })}
      />
      <FilterLinks
        label="Order"
        current={filters.sort === "oldest" ? "oldest" : null}
        choices={[
          { value: null, text: "Newest first" },
          { value: "oldest", text: "Oldest first" },
        ]}
        hrefFor={(sort) => href({ sort: sort === "oldest" ? "oldest" : "newest" })}
      />
      {filters.kind === "feedback" ? (
        <>
          <FilterLinks
            label="Type"
            current={filters.type}
            choices={[{ value: null, text: "All" }, ...FEEDBACK_TYPES.map((t) => ({ value: t, text: TYPE_LABELS[t] }))]}
            hrefFor={(type) => href({ type: type as typeof filters.type })}
          />
          <FilterLinks
            label="Category"
            current={filters.category}
            choices={[
              { value: null, text: "All" },
              ...FEEDBACK_CATEGORIES.map((c) => ({ value: c, text: CATEGORY_LABELS[c] })),
            ]}
            hrefFor={(category) => href({ category: category as typeof filters.category })}
          />
        </>
      ) : null}

      <Form method="get" className="mt-3 flex flex-wrap items-end gap-2">
        {filters.kind !== "feedback" ? <input type="hidden" name="kind" value={filters.kind} /> : null}
        {filters.type ? <input type="hidden" name="type" value={filters.type} /> : null}
        {filters.category ? <input type="hidden" name="category" value={filters.category} /> : null}
        <input type="hidden" name="status" value={filters.status ?? "all"} />
        {filters.sort === "oldest" ? <input type="hidden" name="sort" value="oldest" /> : null}
        <div className="min-w-0 grow basis-56">
          <label htmlFor="feedback-search" className="block text-sm font-semibold">
            Search
          </label>
          <input
            key={filters.q}
            id="feedback-search"
            type="search"
            name="q"
            defaultValue={filters.q ?? ""}
            maxLength={LIST_SEARCH_MAX}
            className="w-full rounded border border-line bg-bg px-2 py-1 text-ink"
          />
        </div>
        <button type="submit" className="btn">
          Search
        </button>
        {filters.shortened ? <SearchShortened max={LIST_SEARCH_MAX} /> : null}
      </Form>

      <p className="mt-4">
        <a href={exportHref} download className="btn">
          Export as CSV
        </a>{" "}
        <span className="text-sm text-muted">(this view, every page)</span>
      </p>

      <div className="mt-4">
        <FormErrors errors={formError.length ? [...new Set(formError)] : undefined} />
      </div>

      <SectionTitle className="mt-6">
        {KIND_LABELS[filters.kind]}: {total} {total === 1 ? "item" : "items"}
      </SectionTitle>

      {items.length ? (
        <>
          {/* The bulk form: its checkboxes sit in each item (form="bulk"), so no form is nested. */}
          <Form method="post" id="bulk" className="mt-3 flex flex-wrap items-end gap-2 rounded border border-line p-3">
            <AuthenticityTokenInput name="csrf" />
            <input type="hidden" name="kind" value={filters.kind} />
            <div>
              <label htmlFor="bulk-status" className="block text-sm font-semibold">
                Status for the ticked items
              </label>
              <StatusSelect id="bulk-status" statuses={statuses} />
            </div>
            <button type="submit" name="intent" value="bulk-status" className="btn" disabled={busy}>
              Change ticked items
            </button>
          </Form>
          <ol className="mt-4 space-y-4">
            {items.map((item, index) => (
              <ItemCard
                index={index}
                // A changed item is drawn anew (with JS the page is not reloaded): its tick and note field clear.
                key={`${item.id}-${item.status}-${item.notes.length}`}
                item={item}
                me={me}
                statuses={statuses}
                busy={busy}
                noteFailure={failed("note", item.id)}
                statusFailure={failed("status", item.id)}
              />
            ))}
          </ol>
        </>
      ) : (
        <p className="mt-3 text-muted">Nothing here with these filters.</p>
      )}

      <Pagination label="Pages" page={filters.page} totalPages={pages} hrefFor={(page) => href({ ...filters, page })} />
    </div>
  );
}

type Failure = { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null } | null;

function ItemCard({
  index,
  item,
  me,
  statuses,
  busy,
  noteFailure,
  statusFailure,
}: {
  index: number;
  item: ReviewItem;
  me: string;
  statuses: readonly string[];
  busy: boolean;
  noteFailure: Failure;
  statusFailure: Failure;
}) {
  const base = `${item.kind}-${item.id}`;
  const noteError = noteFailure?.error?.text?.join(" ");
  const statusError = statusFailure?.error?.status?.join(" ");
  const title = `${item.summary}, ${reviewTime(item.createdAt)}`;
  return (
    <li id={base} className="rounded-lg border border-line bg-surface p-4">
      <article aria-labelledby={`${base}-title`}>
        <div className="flex flex-wrap items-start gap-3">
          <input
            type="checkbox"
            form="bulk"
            name={`id[${index}]`}
            value={item.id}
            id={`${base}-tick`}
            className="mt-1.5 size-5"
            aria-label={`Tick ${title}`}
          />
          <div className="min-w-0 flex-1">
            <h3 id={`${base}-title`} className="font-semibold">
              {item.summary}{" "}
              <span className="text-sm font-normal text-muted">
                · {reviewTime(item.createdAt)} · status{" "}
                <strong className="text-ink">{STATUS_LABELS[item.status] ?? item.status}</strong>
              </span>
            </h3>
            <SenderLine sender={item.sender} />
            <p className="mt-2 whitespace-pre-line break-words">{item.text}</p>
            {/* The values' column never grows past the page (a phone's 390 px): long values (a browser's
                text, an error id) wrap anywhere instead of widening it. */}
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm">
              {item.fields.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="font-semibold">{label}</dt>
                  <dd className={WRAP_ANYWHERE}>{value}</dd>
                </div>
              ))}
              {item.errorId ? (
                <div className="contents">
                  <dt className="font-semibold">Error id</dt>
                  <dd className={WRAP_ANYWHERE}>
                    <Link to={`/admin/bug-reports?error=${encodeURIComponent(item.errorId)}`}>
                      {item.errorId} (its log entry)
                    </Link>
                  </dd>
                </div>
              ) : null}
            </dl>
          </div>
        </div>

        <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="kind" value={item.kind} />
          <input type="hidden" name="id" value={item.id} />
          <div>
            <label htmlFor={`${base}-status`} className="block text-sm font-semibold">
              Status
            </label>
            <StatusSelect
              id={`${base}-status`}
              statuses={statuses}
              defaultValue={item.status}
              aria-invalid={statusError ? true : undefined}
              aria-describedby={statusError ? `${base}-status-error` : undefined}
            />
          </div>
          <button type="submit" name="intent" value="status" className="btn" disabled={busy}>
            Save status
          </button>
          {statusError ? (
            <p id={`${base}-status-error`} role="alert" className="w-full text-sm font-semibold text-accent">
              {statusError}
            </p>
          ) : null}
        </Form>

        <section aria-label="Internal notes" className="mt-3">
          {item.notes.length ? (
            <ul className="space-y-1 text-sm">
              {item.notes.map((n) => (
                <li key={n.id} className="rounded bg-bg p-2">
                  <span className="font-semibold">{n.adminName}</span>{" "}
                  <span className="text-muted">{reviewTime(n.createdAt)}</span>
                  <p className="whitespace-pre-line break-words">{n.text}</p>
                  {n.adminId === me ? (
                    // Behind a disclosure, as every delete of the site: one stray tap on a phone takes nothing.
                    <details className="mt-1">
                      <summary className="cursor-pointer text-muted">
                        Delete this note<span className="sr-only"> of {reviewTime(n.createdAt)}</span>
                      </summary>
                      <Form method="post" className="mt-1">
                        <AuthenticityTokenInput name="csrf" />
                        <input type="hidden" name="kind" value={item.kind} />
                        <input type="hidden" name="id" value={item.id} />
                        <input type="hidden" name="note" value={n.id} />
                        <button type="submit" name="intent" value="note-delete" className="btn py-1" disabled={busy}>
                          Delete it
                        </button>
                      </Form>
                    </details>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          <Form method="post" className="mt-2 space-y-1">
            <AuthenticityTokenInput name="csrf" />
            <input type="hidden" name="kind" value={item.kind} />
            <input type="hidden" name="id" value={item.id} />
            <label htmlFor={`${base}-note`} className="block text-sm font-semibold">
              Internal note (only admins see it)
            </label>
            <textarea
              id={`${base}-note`}
              name="text"
              rows={2}
              maxLength={NOTE_MAX}
              defaultValue={noteFailure?.initialValue?.text?.toString() ?? ""}
              aria-invalid={noteError ? true : undefined}
              aria-describedby={noteError ? `${base}-note-error` : undefined}
              className="w-full rounded border border-line bg-bg px-3 py-2 text-ink"
            />
            {noteError ? (
              <p id={`${base}-note-error`} role="alert" className="text-sm font-semibold text-accent">
                {noteError}
              </p>
            ) : null}
            <button type="submit" name="intent" value="note" className="btn" disabled={busy}>
              Add note
            </button>
          </Form>
        </section>
      </article>
    </li>
  );
}
