import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { requireUser } from "~/auth/auth.server";
import { readPostedForm } from "~/auth/csrf.server";
import { FormErrors } from "~/components/form-errors";
import { PageTitle } from "~/components/page-title";
import { FOCUS_FIRST } from "~/components/refusal-focus";
import { ScrollX } from "~/components/scroll-x";
import {
  CHOOSABLE_KINDS,
  KIND_LABELS,
  NotificationPreferencesSchema,
  preferencesFromForm,
} from "~/notifications/notification-preferences";
import {
  getNotificationPreferences,
  saveNotificationPreferences,
} from "~/notifications/notification-preferences.server";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { redirectWithToast } from "~/toasts/toast.server";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/notifications";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return data({ preferences: await getNotificationPreferences(user.id) }, { headers: PRIVATE_PAGE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await readPostedForm(request, context), { schema: NotificationPreferencesSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: PRIVATE_PAGE_HEADERS });
  await saveNotificationPreferences(user.id, preferencesFromForm(submission.value));
  return redirectWithToast("/settings/notifications", { title: "Notification settings saved", variant: "success" });
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Notification settings",
    description: "Choose which notifications you get, here and by email.",
  });

export default function NotificationSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { preferences } = loaderData;
  const errors = Object.values(actionData?.error ?? {}).flatMap((e) => e ?? []);
  return (
    <div className="max-w-2xl">
      <PageTitle>Notifications</PageTitle>
      <p className="mt-2 text-muted">
        Choose what reaches you in the notification centre on the site and by email. A moderation decision on a story
        you submitted is mailed the moment it is made. Everything else comes as one daily digest of the unread
        notifications you received on the site in the last day, so those email choices count only with the digest on.
      </p>
      {/* Without JavaScript, a refused save is a new page: its message takes focus. */}
      <FormErrors errors={errors} {...FOCUS_FIRST} />
      <Form method="post" className="mt-6 space-y-8">
        <AuthenticityTokenInput name="csrf" />
        {/* The table needs about 17rem of the reader's text (275 px); where the column is narrower
            (larger text on a phone) each kind stands as a block, its two boxes under their names
            (stacked-table, pages.css), so "By email" is not off to the side; the region scrolls
            only in a browser without container queries. */}
        <ScrollX label="Notification choices">
          <table className="w-full border-collapse text-left @max-[17.5rem]:stacked-table">
            <caption className="sr-only">Notifications by kind, on the site and by email</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-4">
                  Kind
                </th>
                <th scope="col" className="px-2 py-2 text-center">
                  On the site
                </th>
                <th scope="col" className="px-2 py-2 text-center">
                  By email
                </th>
              </tr>
            </thead>
            <tbody>
              {CHOOSABLE_KINDS.map((kind) => (
                <tr key={kind} className="border-b border-line">
                  <th scope="row" className="py-3 pr-4 font-normal">
                    <span className="block font-semibold">{KIND_LABELS[kind].name}</span>
                    <span className="block text-sm font-normal text-muted">{KIND_LABELS[kind].text}</span>
                  </th>
                  <td data-label="On the site" className="px-2 py-3 text-center">
                    <input
                      type="checkbox"
                      name={`site-${kind}`}
                      aria-label={`${KIND_LABELS[kind].name} on the site`}
                      defaultChecked={preferences.site[kind]}
                      className="size-5"
                    />
                  </td>
                  <td data-label="By email" className="px-2 py-3 text-center">
                    <input
                      type="checkbox"
                      name={`email-${kind}`}
                      aria-label={`${KIND_LABELS[kind].name} by email`}
                      defaultChecked={preferences.email[kind]}
                      className="size-5"
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollX>

        <fieldset className="space-y-2">
          <legend className="font-serif text-2xl font-bold">Email digest</legend>
          <p className="text-sm text-muted">
            One email a day with your unread notifications of the kinds ticked above.
          </p>
          {(["daily", "off"] as const).map((choice) => (
            <div key={choice} className="flex items-center gap-2">
              <input
                type="radio"
                id={`digest-${choice}`}
                name="digest"
                value={choice}
                defaultChecked={preferences.digest === choice}
                className="size-5"
              />
              <label htmlFor={`digest-${choice}`}>{choice === "daily" ? "Daily" : "Off"}</label>
            </div>
          ))}
        </fieldset>

        <fieldset className="space-y-2">
          <legend className="font-serif text-2xl font-bold">The cursed notification</legend>
          <p className="text-sm text-muted">
            Leave your notifications unread for too long and something notices. It is part of the site's character; turn
            it off if it is not for you.
          </p>
          <div className="flex items-center gap-2">
            <input type="checkbox" id="cursed" name="cursed" defaultChecked={preferences.cursed} className="size-5" />
            <label htmlFor="cursed">Send me the cursed notification</label>
          </div>
        </fieldset>

        <button type="submit" className="btn btn-primary">
          Save notification settings
        </button>
      </Form>
    </div>
  );
}
