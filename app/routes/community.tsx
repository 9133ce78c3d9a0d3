import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { getOptionalUser, requireUser } from "~/auth/auth.server";
import { limitedReply } from "~/auth/public-form.server";
import { createThread, latestCommunityStories, listThreads, requireCommunityOpen } from "~/community/discussion.server";
import { SignInToWrite, type WriterProps } from "~/community/discussion-ui";
import { accountLimit, readCommunityForm, writerProps } from "~/community/forms.server";
import { ThreadSchema } from "~/community/schemas";
import { TEXT_LIMITS, threadPath } from "~/community/text";
import { Field, FormErrors, inputClass, ProtectedFields, PublicFormProvider, useSchemaForm } from "~/components/forms";
import { InfoPage } from "~/components/info-page";
import { PageTitle, SectionTitle } from "~/components/page-title";
import { Pagination } from "~/components/pagination";
import { PRIVATE_PAGE_HEADERS, publicPageHeaders } from "~/site/cache-policy";
import { readPage, settlePages } from "~/site/list-query";
import { isCommunityOpen } from "~/site/site-settings.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { formatDate } from "~/utils/dates";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/community";

/** /community: "coming soon" while the community content flag is off; else stories and threads (?page=N). */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await isCommunityOpen())) return data({ open: false as const }, { headers: publicPageHeaders(request) });
  const url = new URL(request.url);
  const page = readPage(url.searchParams.get("page"));
  const user = await getOptionalUser(request);
  const [stories, threads, writer] = await Promise.all([
    page === 1 ? latestCommunityStories() : [],
    listThreads(page),
    writerProps(request, context, user),
  ]);
  settlePages(request, { page, pages: threads.totalPages });
  return data(
    { open: true as const, stories, threads, writer },
    { headers: writer ? PRIVATE_PAGE_HEADERS : publicPageHeaders(request) },
  );
}

/** POST: a signed-in reader starts a thread (its title and opening post). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireCommunityOpen();
  const user = await requireUser(request);
  const { form, limited, giveBack } = await readCommunityForm(request, context, "thread");
  const submission = parseWithZod(form, { schema: ThreadSchema });
  if (limited) return limitedReply(submission, limited);
  if (submission.status !== "success") {
    await giveBack();
    return data(submission.reply(), { status: 400 });
  }
  const overLimit = await accountLimit(user, "thread");
  if (overLimit) return limitedReply(submission, overLimit);
  const thread = await createThread(user, submission.value);
  return redirectWithToast(threadPath(thread.id), { title: "Thread started", variant: "success" });
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Community",
    description: "Readers and writers of dark fiction: community stories and discussion threads.",
  });

function ComingSoon() {
  return (
    <InfoPage title="Community">
      <p className="font-semibold">Coming soon.</p>
      <p>
        The community is where readers and writers of dark fiction will meet: writers will publish their own stories
        here, each with its own comments, and readers will talk about what they read in discussion threads, quote one
        another and follow the conversations they start.
      </p>
      <p>
        Until the doors open, the <Link to="/stories">stories</Link> are waiting, and the{" "}
        <Link to="/support/guidelines">guidelines</Link> say how the community will work.
      </p>
    </InfoPage>
  );
}

function NewThreadForm({
  writer,
  lastResult,
}: {
  writer: NonNullable<WriterProps>;
  lastResult?: Route.ComponentProps["actionData"];
}) {
  const busy = useNavigation().formAction === "/community";
  const [form, fields, refused] = useSchemaForm("new-thread", ThreadSchema, lastResult, { validateInBrowser: false });
  return (
    <PublicFormProvider csrf={writer.csrf} honeypot={writer.honeypot}>
      <Form method="post" action="/community" {...getFormProps(form)} className="space-y-3">
        <ProtectedFields honeypot />
        <FormErrors errors={form.errors} {...refused("")} />
        <Field id={fields.title.id} label="Title" errors={fields.title.errors}>
          <input
            {...getInputProps(fields.title, { type: "text" })}
            {...refused(fields.title.name)}
            className={inputClass}
          />
        </Field>
        <Field
          id={fields.body.id}
          label="Your first post"
          errors={fields.body.errors}
          hint={`Plain text, up to ${TEXT_LIMITS.body.max} characters. Links work.`}
        >
          <textarea {...getTextareaProps(fields.body)} {...refused(fields.body.name)} rows={6} className={inputClass} />
        </Field>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Starting..." : "Start thread"}
        </button>
      </Form>
    </PublicFormProvider>
  );
}

export default function Community({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.open) return <ComingSoon />;
  const { stories, threads, writer } = loaderData;
  return (
    <div className="mx-auto max-w-3xl space-y-10">
      <header>
        <PageTitle>Community</PageTitle>
        <p className="mt-2 text-muted">Stories by readers of this site, and the conversations around them.</p>
      </header>

      <section aria-labelledby="write-call" className="rounded-lg border border-line bg-surface p-card">
        <SectionTitle id="write-call" inCard>
          Have a story that keeps you up at night?
        </SectionTitle>
        <p className="mt-2">Write it down and share it with the community. Every story is read by a moderator first.</p>
        <Link to="/submit-story" className="btn btn-primary mt-4">
          Write a story
        </Link>
      </section>

      {threads.page === 1 ? (
        <section aria-labelledby="community-stories">
          <SectionTitle id="community-stories">Latest community stories</SectionTitle>
          {stories.length ? (
            <ul className="mt-4 space-y-4">
              {stories.map((story) => (
                <li key={story.id} className="rounded-lg border border-line p-4">
                  <h3 className="font-serif text-xl font-bold">
                    <Link to={`/community-story/${story.slug}`}>{story.title}</Link>
                  </h3>
                  <p className="text-sm text-muted">
                    by {story.author} · <time dateTime={story.createdAt}>{formatDate(story.createdAt)}</time>
                  </p>
                  {story.excerpt ? <p className="mt-2 [overflow-wrap:anywhere]">{story.excerpt}</p> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-4 text-muted">No community stories yet: yours could be the first.</p>
          )}
        </section>
      ) : null}

      <section aria-labelledby="threads">
        <SectionTitle id="threads">Discussion</SectionTitle>
        {threads.threads.length ? (
          <ul className="mt-4 divide-y divide-line">
            {threads.threads.map((thread) => (
              <li key={thread.id} className="py-3">
                <Link to={threadPath(thread.id)} className="font-semibold [overflow-wrap:anywhere]">
                  {thread.title}
                </Link>
                <p className="text-sm text-muted">
                  Started by {thread.author ?? "a former reader"} ·{" "}
                  {thread.replies === 1 ? "1 reply" : `${thread.replies} replies`} · last post{" "}
                  <time dateTime={thread.lastPostAt}>{formatDate(thread.lastPostAt)}</time>
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-muted">No threads yet. Start the first conversation.</p>
        )}
        <Pagination
          page={threads.page}
          totalPages={threads.totalPages}
          hrefFor={(n) => (n === 1 ? "/community" : `/community?page=${n}`)}
        />
      </section>

      <section aria-labelledby="new-thread-heading" id="start-thread">
        <SectionTitle id="new-thread-heading">Start a thread</SectionTitle>
        <div className="mt-4">
          {writer ? (
            <NewThreadForm writer={writer} lastResult={actionData} />
          ) : (
            <SignInToWrite back="/community#start-thread" what="start a thread" />
          )}
        </div>
      </section>
    </div>
  );
}
