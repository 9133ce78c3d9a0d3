import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, Form, redirect, useLocation, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { requireAdmin } from "~/auth/auth.server";
import { readPostedForm } from "~/auth/csrf.server";
import { loadReportsSection } from "~/community/reports-action.server";
import { ReportsSection } from "~/community/reports-section";
import { ConfirmStep, isConfirmed, wentBack } from "~/components/confirm-step";
import { FormErrors } from "~/components/form-errors";
import { ListSearch, SortLinks, useListHref } from "~/components/list-controls";
import { PageTitle, SectionTitle } from "~/components/page-title";
import { Pagination } from "~/components/pagination";
import { FOCUS_FIRST } from "~/components/refusal-focus";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { pageUrl } from "~/site/list-query";
import { listModerationQueue, ModerationSchema, moderate, queuedSubmission } from "~/stories/moderation.server";
import { MODERATION_MESSAGE_MAX, QUEUE_SORTS } from "~/stories/moderation-list";
import { StoryError } from "~/stories/stories.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { formatDate } from "~/utils/dates";
import { replyToFailure } from "~/utils/forms";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/content-moderation";

const PATH = "/admin/content-moderation";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [queue, reports] = await Promise.all([listModerationQueue(request), loadReportsSection(request)]);
  return data({ queue, reports }, { headers: PRIVATE_PAGE_HEADERS });
}

/** One decision on one submission: approve, request changes (message), reject (reason). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readPostedForm(request, context);
  const back = `${PATH}${pageUrl(request).search}`;
  const named = form.get("item");
  // "Not yet" on the approval's question: back to the card, nothing decided.
  if (wentBack(form)) {
    const anchor = typeof named === "string" && /^[pr][a-z0-9]{1,41}$/.test(named) ? `#title-${named}` : "#queue";
    return redirect(back + anchor);
  }
  const submission = parseWithZod(form, { schema: ModerationSchema });
  if (submission.status !== "success") {
    return data(
      { item: typeof named === "string" ? named : "", result: replyToFailure(submission, ["item", "decision"]) },
      { status: 400 },
    );
  }
  try {
    // Publishing tells every reader and cannot be called back: the first press of "Approve and
    // publish" only asks (docs/decisions/014, stop 65); the step's "Yes, publish" sends `confirmed`.
    if (submission.value.decision === "approve" && !isConfirmed(form)) {
      const asked = await queuedSubmission(submission.value.item);
      return data({ item: submission.value.item, ask: { ...asked, message: submission.value.message } });
    }
    const done = await moderate(admin, submission.value);
    const titles = { published: "Published", changes: "Changes requested", rejected: "Rejected" } as const;
    return redirectWithToast(`${back}#queue`, {
      title: titles[done.status as keyof typeof titles] ?? "Done",
      description: done.title,
      variant: "success",
      // A story's approval gets confetti (spec §2), with JavaScript and motion allowed.
      ...(done.status === "published" ? { celebrate: true } : {}),
    });
  } catch (error) {
    if (error instanceof StoryError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Content moderation" });

/** The question before a publication, by what publishing it does. */
function publishQuestion({ title, revision, announced }: { title: string; revision: boolean; announced: boolean }) {
  if (revision) return `Publish this edit of “${title}” now? It replaces the published version.`;
  return announced ? `Publish “${title}” now? Every reader is told.` : `Publish “${title}” now? It is online at once.`;
}

/**
 * With JavaScript, a decided card leaves the queue and its pressed button with it, so focus fell
 * to <body> and the next Tab started at "Skip to content" (an audit's defect 9). Focus goes to
 * the heading of the card that took its place, or to the queue's heading (with its count) when
 * none is left. Without JavaScript the page loads anew at the queue (the redirect's #queue).
 */
function useFocusAfterDecision(keys: string[]) {
  const navigation = useNavigation();
  const sent = useRef<{ key: string; index: number } | null>(null);
  const item = navigation.formData?.get("item");
  if (navigation.state === "submitting" && typeof item === "string")
    sent.current = { key: item, index: keys.indexOf(item) };
  useEffect(() => {
    const decided = sent.current;
    if (navigation.state !== "idle" || !decided || keys.includes(decided.key)) return;
    sent.current = null;
    const next = keys[Math.min(Math.max(decided.index, 0), keys.length - 1)];
    document.getElementById(next ? `title-${next}` : "submissions-title")?.focus();
  }, [navigation.state, keys]);
}

export default function ContentModeration({ loaderData, actionData }: Route.ComponentProps) {
  const { queue: list } = loaderData;
  const { search } = useLocation();
  const hrefFor = useListHref();
  const queue = list.items;
  const busy = useNavigation().state === "submitting";
  useFocusAfterDecision(queue.map((item) => item.key));
  const failure = actionData && "result" in actionData ? actionData : null;
  const asking = actionData && "ask" in actionData ? actionData : null;
  return (
    <div>
      <PageTitle>Content moderation</PageTitle>
      {/* A decision that could not be read (no such submission, a tampered form): said on top. */}
      <div className="mt-4">
        <FormErrors
          errors={failure?.result.error?.[""] ?? undefined}
          {...(failure?.result.error?.message?.length ? {} : FOCUS_FIRST)}
        />
      </div>
      <section id="queue" aria-labelledby="submissions-title" className="mt-6">
        <SectionTitle id="submissions-title" tabIndex={-1}>
          Stories waiting in review ({list.total})
        </SectionTitle>
        <ListSearch label="Search stories in review" button="Find stories" query={list.query} />
        <SortLinks label="Sort stories in review" options={QUEUE_SORTS} query={list.query} />
        {queue.length ? (
          <ol className="mt-4 space-y-6">
            {queue.map((item) => {
              const failed = failure?.item === item.key ? failure.result : null;
              const ask = asking?.item === item.key ? asking.ask : null;
              const messageError = failed?.error?.message?.join(" ");
              const messageId = `message-${item.key}`;
              return (
                <li key={item.key} className="rounded-lg border border-line bg-surface p-5">
                  <article aria-labelledby={`title-${item.key}`}>
                    <h3 id={`title-${item.key}`} tabIndex={-1} className="font-serif text-xl font-bold">
                      {item.title}
                      {item.kind === "revision" ? (
                        <span className="ml-2 text-sm font-normal text-muted">(an edit of a published story)</span>
                      ) : null}
                      {item.earlierRequest ? (
                        <span className="ml-2 text-sm font-normal text-muted">(resubmitted after changes)</span>
                      ) : null}
                    </h3>
                    {item.earlierRequest ? (
                      <p className="mt-1 text-sm">
                        Changes asked for on {formatDate(item.earlierRequest.at)}: “{item.earlierRequest.message}”
                      </p>
                    ) : null}
                    <p className="mt-1 text-sm text-muted">
                      by {item.author} · sent {formatDate(item.submittedAt)} · {item.wordCount} words
                      {item.category ? ` · ${item.category}` : null}
                      {item.mature ? " · mature" : null}
                    </p>
                    {item.tags.length ? <p className="mt-1 text-sm">Tags: {item.tags.join(", ")}</p> : null}
                    {item.warnings.length ? (
                      <p className="mt-1 text-sm">Content warnings: {item.warnings.join(", ")}</p>
                    ) : null}
                    <p className="mt-2">{item.summary}</p>
                    <details className="mt-2">
                      <summary className="cursor-pointer">Read the story</summary>
                      {/* Rendered from Markdown and sanitised on the server (app/stories/markdown.server.ts). */}
                      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML */}
                      <div className="story-text mt-3" dangerouslySetInnerHTML={{ __html: item.html }} />
                    </details>
                    <Form method="post" className="mt-4 space-y-2">
                      <AuthenticityTokenInput name="csrf" />
                      <input type="hidden" name="item" value={item.key} />
                      <label htmlFor={messageId} className="block font-semibold">
                        Message to the writer (required to request changes or reject)
                      </label>
                      <textarea
                        id={messageId}
                        name="message"
                        rows={3}
                        maxLength={MODERATION_MESSAGE_MAX}
                        defaultValue={ask?.message ?? failed?.initialValue?.message?.toString() ?? ""}
                        aria-invalid={messageError ? true : undefined}
                        aria-describedby={messageError ? `${messageId}-error` : undefined}
                        // biome-ignore lint/a11y/noAutofocus: the field of a refused decision (no JavaScript needed).
                        autoFocus={Boolean(messageError)}
                        className="w-full rounded border border-line bg-bg px-3 py-2 text-ink"
                      />
                      {messageError ? (
                        <p id={`${messageId}-error`} role="alert" className="text-sm font-semibold text-accent">
                          {messageError}
                        </p>
                      ) : null}
                      {ask ? (
                        <ConfirmStep
                          question={publishQuestion(ask)}
                          yes="Yes, publish"
                          name="decision"
                          value="approve"
                          back="send"
                          backLabel="Not yet"
                        />
                      ) : (
                        <div className="flex flex-wrap gap-2">
                          <button
                            type="submit"
                            name="decision"
                            value="approve"
                            className="btn btn-primary"
                            disabled={busy}
                          >
                            Approve and publish
                          </button>
                          <button type="submit" name="decision" value="request-changes" className="btn" disabled={busy}>
                            Request changes
                          </button>
                          <button type="submit" name="decision" value="reject" className="btn" disabled={busy}>
                            Reject
                          </button>
                        </div>
                      )}
                    </Form>
                  </article>
                </li>
              );
            })}
          </ol>
        ) : (
          <p className="mt-3 text-muted">
            {list.query.q ? `No story in review matches "${list.query.q}".` : "Nothing is waiting in review."}
          </p>
        )}
        <Pagination
          label="Pages of stories in review"
          page={list.query.page}
          totalPages={list.pages}
          hrefFor={(page) => hrefFor({ page })}
        />
      </section>
      {/* The same queue's reported posts and comments; their forms post to /admin/content-moderation/reports. */}
      <div className="mt-10">
        <ReportsSection
          groups={loaderData.reports.groups}
          recent={loaderData.reports.recent}
          redirectTo={PATH + search}
          list={loaderData.reports.list}
        />
      </div>
    </div>
  );
}
