import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { getOptionalUser, requireUser } from "~/auth/auth.server";
import { limitedReply } from "~/auth/public-form.server";
import {
  addReply,
  DiscussionError,
  getThread,
  quotablePost,
  requireCommunityOpen,
} from "~/community/discussion.server";
import { PostList, ReplyForm, replyFormKey, SignInToWrite } from "~/community/discussion-ui";
import { accountLimit, idParam, quoteParam, readCommunityForm, writerProps } from "~/community/forms.server";
import { ReplySchema } from "~/community/schemas";
import { threadPath } from "~/community/text";
import { PageTitle, SectionTitle } from "~/components/page-title";
import { Pagination } from "~/components/pagination";
import { PRIVATE_PAGE_HEADERS, publicPageHeaders } from "~/site/cache-policy";
import { readPage, settlePages } from "~/site/list-query";
import { redirectWithToast } from "~/toasts/toast.server";
import { formatDate } from "~/utils/dates";
import { replyToFailure } from "~/utils/forms";
import { invariantResponse, keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/thread";

/** /community/threads/{id}: a thread's posts (?page=N), and the reply form (?quote={postId} quotes one). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCommunityOpen();
  const id = idParam(params.id, "thread");
  const url = new URL(request.url);
  const page = readPage(url.searchParams.get("page"));
  const user = await getOptionalUser(request);
  const found = await getThread(id, page, user?.id ?? null);
  invariantResponse(found, "There is no thread at this address.", { status: 404 });
  settlePages(request, { page, pages: found.totalPages });
  const quoteOf = user ? quoteParam(url) : undefined;
  const [writer, quote] = await Promise.all([
    writerProps(request, context, user),
    quoteOf ? quotablePost(quoteOf, { threadId: id }) : null,
  ]);
  return data(
    { ...found, writer, quote },
    // Anonymous readers' thread pages may be shared; a reader's carries their form token.
    { headers: writer ? PRIVATE_PAGE_HEADERS : publicPageHeaders(request) },
  );
}

/** POST: a signed-in reader's reply, then the thread's last page at the reply. */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireCommunityOpen();
  const id = idParam(params.id, "thread");
  const user = await requireUser(request);
  const { form, limited, giveBack } = await readCommunityForm(request, context, "post");
  const submission = parseWithZod(form, { schema: ReplySchema });
  if (limited) return limitedReply(submission, limited);
  if (submission.status !== "success") {
    await giveBack();
    return data(replyToFailure(submission, ["quoteOf"]), { status: 400 });
  }
  const overLimit = await accountLimit(user, "post");
  if (overLimit) return limitedReply(submission, overLimit);
  try {
    const { link } = await addReply(user, id, submission.value);
    return redirectWithToast(link, { title: "Reply posted", variant: "success" });
  } catch (error) {
    if (error instanceof DiscussionError)
      return data(
        submission.reply(
          error.field === "body" ? { fieldErrors: { body: [error.message] } } : { formErrors: [error.message] },
        ),
        { status: 400 },
      );
    throw error;
  }
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: args.loaderData?.thread.title ?? "Thread",
    description: "A discussion in the Horror Stories community.",
  });

export default function Thread({ loaderData, actionData }: Route.ComponentProps) {
  const { thread, posts, page, totalPages, writer, quote } = loaderData;
  const path = threadPath(thread.id);
  const pagePath = page > 1 ? `${path}?page=${page}` : path;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/community" className="underline">
          Community
        </Link>
      </nav>
      <header>
        <PageTitle className="[overflow-wrap:anywhere]">{thread.title}</PageTitle>
        <p className="mt-2 text-sm text-muted">
          Started by {thread.author ?? "a former reader"} on{" "}
          <time dateTime={thread.createdAt}>{formatDate(thread.createdAt)}</time>
        </p>
      </header>
      <PostList
        posts={posts}
        label="Posts"
        signedIn={writer !== null}
        quoteHref={(postId) =>
          `${path}?${new URLSearchParams({ ...(page > 1 ? { page: String(page) } : {}), quote: String(postId) })}#reply-form`
        }
      />
      <Pagination page={page} totalPages={totalPages} hrefFor={(n) => (n === 1 ? path : `${path}?page=${n}`)} />
      <section aria-labelledby="reply-heading" id="reply-form">
        <SectionTitle id="reply-heading" className="mb-3">
          Reply
        </SectionTitle>
        {writer ? (
          <ReplyForm
            key={replyFormKey(posts)}
            id={`reply-${thread.id}`}
            action={quote ? `${pagePath}${pagePath.includes("?") ? "&" : "?"}quote=${quote.id}` : pagePath}
            writer={writer}
            quote={quote}
            lastResult={actionData}
            label="Your reply"
            submitLabel="Post reply"
          />
        ) : (
          <SignInToWrite back={`${pagePath}#reply-form`} what="reply" />
        )}
      </section>
    </div>
  );
}
