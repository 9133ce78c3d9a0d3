import { data, Link } from "react-router";
import { requireUser } from "~/auth/auth.server";
import { readPostedForm } from "~/auth/csrf.server";
import { PageTitle, SectionTitle } from "~/components/page-title";
import { FOCUS_FIRST, useFocusAfterRefusal } from "~/components/refusal-focus";
import { DEFAULT_AVATAR } from "~/profile/avatar";
import { avatarTooLarge, handleAvatarForm } from "~/profile/avatar.server";
import { AvatarForms } from "~/profile/avatar-forms";
import { getProfile } from "~/profile/profile.server";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { formatDate } from "~/utils/dates";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import { bodyTooLargeContext } from "~/utils/request-context";
import type { Route } from "./+types/profile";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return data(await getProfile(user.id), { headers: PRIVATE_PAGE_HEADERS });
}

/** Upload (re-encoded by sharp) or remove the avatar. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  // A photo past the form's body limit: the form comes back with the message (decision 057).
  if (context.get(bodyTooLargeContext)) return avatarTooLarge();
  return handleAvatarForm(user.id, await readPostedForm(request, context), "/profile");
}

// The spec's shell preloads the default avatar on /profile (§2).
export const links: Route.LinksFunction = () => [{ rel: "preload", href: DEFAULT_AVATAR, as: "image" }];

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Profile" });

function Count({ label, value, to }: { label: string; value: number; to?: string }) {
  return (
    <div className="rounded-lg border border-line bg-surface p-3 text-center">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-serif text-3xl font-bold">
        {/* A link read out of its card (a screen reader's list of links) says what it counts. */}
        {to ? (
          <Link to={to}>
            {value}
            <span className="sr-only"> {label}</span>
          </Link>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

/** One of the page's lists of links: where to go next, by what the reader came for. */
function LinkList({ links }: { links: readonly (readonly [to: string, label: string])[] }) {
  return (
    <ul className="mt-3 list-disc space-y-1 pl-6">
      {links.map(([to, label]) => (
        <li key={to}>
          <Link to={to}>{label}</Link>
        </li>
      ))}
    </ul>
  );
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { username, displayName, bio, avatar, isAdmin, joined, counts } = loaderData;
  // After a refused upload, with JavaScript, focus goes to its message.
  useFocusAfterRefusal();
  const errors = [
    ...(actionData?.error?.[""] ?? []),
    ...(actionData?.error?.avatar ?? []),
    ...(actionData?.error?.intent ?? []),
  ];
  return (
    <div className="mx-auto max-w-2xl">
      {/* A long name goes under the avatar on a phone, and breaks if even that is too narrow. */}
      <div className="flex flex-wrap items-center gap-5">
        <img
          src={avatar ?? DEFAULT_AVATAR}
          alt={avatar ? `${username}'s avatar` : "Default avatar"}
          width={96}
          height={96}
          fetchPriority="high"
          className="size-24 rounded-full border border-line object-cover"
        />
        <div className="min-w-0">
          <PageTitle className="break-words">{displayName ?? username}</PageTitle>
          {displayName ? <p className="text-muted">@{username}</p> : null}
          <p className="mt-1 text-muted">
            Joined <time dateTime={joined}>{formatDate(joined)}</time>
          </p>
        </div>
      </div>

      {bio ? <p className="mt-6 whitespace-pre-line">{bio}</p> : null}

      {/* As many columns as hold "Bookmarks" whole (in rem: it grows with the reader's text): three
          from 390 px, two on a 320 px phone, where three split it "Bookmark / s". */}
      <dl className="mt-8 grid grid-cols-[repeat(auto-fit,minmax(min(100%,6.75rem),1fr))] gap-3">
        <Count label="Bookmarks" value={counts.bookmarks} to="/bookmarks" />
        <Count label="Finished" value={counts.finished} to="/bookmarks?shelf=finished" />
        <Count label="Submitted stories" value={counts.submitted} to="/edit-story" />
      </dl>

      <AvatarForms avatar={avatar} errors={errors} focus={errors.length ? FOCUS_FIRST : undefined} />

      <section aria-labelledby="links-heading" className="mt-10">
        <SectionTitle id="links-heading">Your reading</SectionTitle>
        <LinkList
          links={[
            ["/bookmarks", "Bookmarks"],
            ["/recommendations", "Recommendations"],
            ["/reader", "Continue reading"],
          ]}
        />
        <SectionTitle className="mt-8">Your writing</SectionTitle>
        {counts.submitted === 0 ? (
          <p className="mt-3">Have a story of your own? Every story is read by a moderator before it is published.</p>
        ) : null}
        <LinkList
          links={[
            ["/submit-story", "Write a story"],
            ["/edit-story", "Your stories"],
          ]}
        />
        <SectionTitle className="mt-8">Settings</SectionTitle>
        <LinkList
          links={[
            ["/settings/profile", "Edit your profile"],
            ["/settings/cookie-management", "Cookie settings"],
            ...(isAdmin ? ([["/admin", "Administration"]] as const) : []),
          ]}
        />
      </section>
    </div>
  );
}
