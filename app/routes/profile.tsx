import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { requireUser } from "~/auth/auth.server";
import { FormErrors } from "~/auth/forms";
import { formatDate } from "~/components/story-card";
import { AVATAR_MAX_BYTES, AvatarSchema, DEFAULT_AVATAR } from "~/profile/avatar";
import { AvatarError, removeAvatar, saveAvatar } from "~/profile/avatar.server";
import { getProfile } from "~/profile/profile.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { keepResponseHeaders, readFormData } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import { PRIVATE_PAGE_HEADERS } from "../../server/http-cache";
import type { Route } from "./+types/profile";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return data(await getProfile(user.id), { headers: PRIVATE_PAGE_HEADERS });
}

/** Upload (re-encoded by sharp) or remove the avatar. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: AvatarSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (submission.value.intent === "remove") {
    await removeAvatar(user.id);
    return redirectWithToast("/profile", { title: "Avatar removed", variant: "success" });
  }
  try {
    await saveAvatar(user.id, submission.value.avatar);
  } catch (error) {
    if (error instanceof AvatarError) return data(submission.reply({ formErrors: [error.message] }), { status: 400 });
    throw error;
  }
  return redirectWithToast("/profile", { title: "Avatar updated", variant: "success" });
}

// The spec's shell preloads the default avatar on /profile (§2).
export const links: Route.LinksFunction = () => [{ rel: "preload", href: DEFAULT_AVATAR, as: "image" }];

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Profile" });

function Count({ label, value, to }: { label: string; value: number; to?: string }) {
  return (
    <div className="rounded-lg border border-line bg-surface p-4 text-center">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-serif text-3xl font-bold">{to ? <Link to={to}>{value}</Link> : value}</dd>
    </div>
  );
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { username, avatar, isAdmin, joined, counts } = loaderData;
  const busy = useNavigation().state === "submitting";
  const errors = [
    ...(actionData?.error?.[""] ?? []),
    ...(actionData?.error?.avatar ?? []),
    ...(actionData?.error?.intent ?? []),
  ];
  return (
    <div className="mx-auto max-w-2xl">
      <div className="flex items-center gap-5">
        <img
          src={avatar ?? DEFAULT_AVATAR}
          alt={avatar ? `${username}'s avatar` : "Default avatar"}
          width={96}
          height={96}
          fetchPriority="high"
          className="size-24 rounded-full border border-line object-cover"
        />
        <div>
          <h1 className="font-serif text-4xl font-bold">{username}</h1>
          <p className="mt-1 text-muted">
            Joined <time dateTime={joined}>{formatDate(joined)}</time>
          </p>
        </div>
      </div>

      <dl className="mt-8 grid grid-cols-3 gap-3">
        <Count label="Bookmarks" value={counts.bookmarks} to="/bookmarks" />
        <Count label="Finished" value={counts.finished} to="/bookmarks?shelf=finished" />
        <Count label="Submitted stories" value={counts.submitted} />
      </dl>

      <section aria-labelledby="avatar-heading" className="mt-10">
        <h2 id="avatar-heading" className="font-serif text-2xl font-bold">
          Avatar
        </h2>
        <FormErrors errors={errors} />
        <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-wrap items-end gap-3">
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="intent" value="upload" />
          <label className="flex flex-col gap-1">
            <span>Image (JPEG, PNG, WebP or GIF, up to {AVATAR_MAX_BYTES / 1_000_000} MB)</span>
            <input type="file" name="avatar" accept="image/jpeg,image/png,image/webp,image/gif" required />
          </label>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Upload avatar
          </button>
        </Form>
        {avatar ? (
          <Form method="post" className="mt-3">
            <AuthenticityTokenInput name="csrf" />
            <input type="hidden" name="intent" value="remove" />
            <button type="submit" className="btn">
              Remove avatar
            </button>
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="links-heading" className="mt-10">
        <h2 id="links-heading" className="font-serif text-2xl font-bold">
          Your reading
        </h2>
        <ul className="mt-3 list-disc space-y-1 pl-6">
          <li>
            <Link to="/bookmarks">Bookmarks</Link>
          </li>
          <li>
            <Link to="/recommendations">Recommendations</Link>
          </li>
          <li>
            <Link to="/reader">Continue reading</Link>
          </li>
        </ul>
        <h2 className="mt-8 font-serif text-2xl font-bold">Settings</h2>
        <ul className="mt-3 list-disc space-y-1 pl-6">
          <li>
            <Link to="/settings/cookie-management">Cookie settings</Link>
          </li>
          {isAdmin ? (
            <li>
              <Link to="/admin">Administration</Link>
            </li>
          ) : null}
        </ul>
      </section>
    </div>
  );
}
