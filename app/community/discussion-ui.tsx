// The community's shared UI: a post (or comment) as every page shows it, and the
// reply form with its quote. Works without JavaScript: quoting is a link
// (?quote={id}) that brings the form back with the quoted post above it.
import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";
import { Field, FormErrors, inputClass, ProtectedFields, PublicFormProvider, useSchemaForm } from "~/components/forms";
import { formatDate, formatDateTime } from "~/utils/dates";
import type { DisplayPost, PostStatus } from "./discussion.server";
import { DiscussionText } from "./discussion-text";
import { ReplySchema } from "./schemas";
import { TEXT_LIMITS, WITHDRAWN_NOTICE } from "./text";

export const REMOVED_NOTICE = "This post was removed by a moderator.";
export const DELETED_NOTICE = "This post was deleted by a moderator.";

/** What stands in a removed post's place, and in the quotes of it. */
export function removedNotice(status: PostStatus, inQuote = false): string {
  if (status === "withdrawn") return WITHDRAWN_NOTICE;
  return status === "hidden" || inQuote ? REMOVED_NOTICE : DELETED_NOTICE;
}

/** A post's own pages: its author's edit form and delete confirmation. */
export const editPostPath = (id: number) => `/community/posts/${id}/edit`;
export const deletePostPath = (id: number) => `/community/posts/${id}/delete`;

/** The form props a signed-in reader's page carries (null for anonymous readers: no form, a sign-in link). */
export type WriterProps = { csrf: string; honeypot: HoneypotInputProps } | null;

function QuoteBox({ quote }: { quote: NonNullable<DisplayPost["quote"]> }) {
  return (
    <blockquote className="mb-3 border-l-4 border-line pl-3 text-muted">
      <p className="text-sm">
        <Link to={quote.href} className="underline">
          {quote.author ?? "A former reader"} wrote
        </Link>
        :
      </p>
      {quote.excerpt ? <DiscussionText blocks={quote.excerpt} /> : <p>{removedNotice(quote.status, true)}</p>}
    </blockquote>
  );
}

/** One post or comment, with its anchor; a removed one keeps its place and says so. */
export function PostItem({
  post,
  quoteHref,
  signedIn,
}: {
  post: DisplayPost;
  /** Where "Quote" goes, e.g. ?quote={id}#reply-form; null for no Quote link. */
  quoteHref: string | null;
  signedIn: boolean;
}) {
  const removed = post.status !== "visible";
  return (
    <article
      id={post.anchor}
      aria-labelledby={`${post.anchor}-by`}
      className="rounded-lg border border-line bg-surface p-4"
    >
      <header className="mb-2 flex flex-wrap items-baseline gap-x-3 text-sm text-muted">
        <span id={`${post.anchor}-by`} className="font-semibold text-ink">
          {post.author ?? "A former reader"}
        </span>
        <a href={`#${post.anchor}`} className="underline">
          <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
          <span className="sr-only"> (link to this post)</span>
        </a>
        {post.editedAt ? (
          <span>
            Edited <time dateTime={post.editedAt}>{formatDateTime(post.editedAt)}</time>
          </span>
        ) : null}
      </header>
      {removed ? (
        <p className="italic text-muted">{removedNotice(post.status)}</p>
      ) : (
        <>
          {post.quote ? <QuoteBox quote={post.quote} /> : null}
          <DiscussionText blocks={post.blocks ?? []} />
        </>
      )}
      {!removed && signedIn ? (
        <footer className="mt-3 flex flex-wrap gap-4 text-sm">
          {quoteHref ? (
            <Link to={quoteHref} className="underline" aria-label={`Quote ${post.author ?? "this post"}`}>
              Quote
            </Link>
          ) : null}
          {post.mine ? (
            // Their own post: they may change it or take it back (each a page of its own, no JavaScript needed).
            <>
              <Link to={editPostPath(post.id)} className="underline" aria-label="Edit your post">
                Edit
              </Link>
              <Link to={deletePostPath(post.id)} className="underline" aria-label="Delete your post">
                Delete
              </Link>
            </>
          ) : post.reported ? (
            <span className="text-muted">You reported this post. A moderator will look at it.</span>
          ) : (
            // Not on one's own post: the server refuses to file it ("You cannot report your own post.").
            <Link
              to={`/community/report?post=${post.id}`}
              className="underline"
              aria-label={`Report the post by ${post.author ?? "a former reader"}`}
            >
              Report
            </Link>
          )}
        </footer>
      ) : null}
    </article>
  );
}

export function PostList({
  posts,
  quoteHref,
  signedIn,
  label,
}: {
  posts: DisplayPost[];
  quoteHref: (id: number) => string;
  signedIn: boolean;
  label: string;
}) {
  return (
    <ol aria-label={label} className="space-y-4">
      {posts.map((post) => (
        <li key={post.id}>
          <PostItem post={post} quoteHref={quoteHref(post.id)} signedIn={signedIn} />
        </li>
      ))}
    </ol>
  );
}

/**
 * The reply form's key: the reader's own newest post on the page. A reply that was posted redirects
 * to the same page, where React kept the form, and the textarea still held what had just been posted
 * (sent again by the next press). The new post changes the key, so the form starts empty; a refused
 * reply, or another reader's post, leaves it as typed.
 */
export const replyFormKey = (posts: readonly DisplayPost[]) =>
  posts.reduce((newest, post) => (post.mine && post.id > newest ? post.id : newest), 0);

/**
 * The reply (or comment) form. `action` is where it posts; `redirectTo` the
 * page to come back to. Without JavaScript a rejected post comes back filled.
 */
export function ReplyForm({
  id,
  action,
  redirectTo,
  writer,
  quote,
  lastResult,
  label,
  submitLabel,
}: {
  id: string;
  action: string;
  redirectTo?: string;
  writer: NonNullable<WriterProps>;
  quote: DisplayPost | null;
  lastResult?: SubmissionResult<string[]> | null;
  label: string;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.split("?")[0] === action.split("?")[0];
  const [form, fields, refused] = useSchemaForm(id, ReplySchema, lastResult ?? undefined, { validateInBrowser: false });
  return (
    <PublicFormProvider csrf={writer.csrf} honeypot={writer.honeypot}>
      <Form method="post" action={action} {...getFormProps(form)} className="space-y-3">
        <ProtectedFields honeypot />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FormErrors errors={form.errors} {...refused("")} />
        {quote ? (
          <div>
            <input type="hidden" name="quoteOf" value={quote.id} />
            <p className="text-sm font-semibold">Quoting</p>
            <blockquote className="border-l-4 border-line pl-3 text-muted">
              <p className="text-sm">
                <a href={quote.href ?? `#${quote.anchor}`} className="underline">
                  {quote.author ?? "A former reader"} wrote
                </a>
                :
              </p>
              <DiscussionText blocks={quote.blocks ?? []} />
            </blockquote>
            {fields.quoteOf.errors?.length ? (
              <p className="text-sm font-semibold text-accent" role="alert">
                {fields.quoteOf.errors.join(" ")}
              </p>
            ) : null}
          </div>
        ) : null}
        <Field
          id={fields.body.id}
          label={label}
          errors={fields.body.errors}
          hint={`Plain text, up to ${TEXT_LIMITS.body.max} characters. Links work; start lines with > to quote.`}
        >
          <textarea {...getTextareaProps(fields.body)} {...refused(fields.body.name)} rows={6} className={inputClass} />
        </Field>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Sending..." : submitLabel}
        </button>
      </Form>
    </PublicFormProvider>
  );
}

/** In place of a form for anonymous readers. */
export function SignInToWrite({ back, what }: { back: string; what: string }) {
  return (
    <p className="rounded-lg border border-line bg-surface p-4">
      <Link to={`/auth?${new URLSearchParams({ redirectTo: back })}`} className="underline">
        Sign in
      </Link>{" "}
      to {what}.
    </p>
  );
}
