import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { requireAdmin } from "~/auth/auth.server";
import { readPostedForm } from "~/auth/csrf.server";
import { Field, FormErrors, inputClass, useSchemaForm } from "~/components/forms";
import { PageTitle, SectionTitle } from "~/components/page-title";
import { Pagination } from "~/components/pagination";
import { ScrollX } from "~/components/scroll-x";
import { AUDIT_PAGE_SIZE, listAudit } from "~/site/audit.server";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { readPage, settlePages } from "~/site/list-query";
import { SETTING_MESSAGES, SiteSettingsSchema, SYNC_INTERVAL_BOUNDS } from "~/site/site-settings";
import { getSiteSettings, saveSiteSettings } from "~/site/site-settings.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/settings";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const page = readPage(new URL(request.url).searchParams.get("page"));
  const [settings, audit] = await Promise.all([getSiteSettings(), listAudit({ page })]);
  const { pages } = settlePages(request, { page, total: audit.total, size: AUDIT_PAGE_SIZE });
  return data({ settings, audit, page, pages }, { headers: PRIVATE_PAGE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readPostedForm(request, context);
  const submission = parseWithZod(form, { schema: SiteSettingsSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const changed = await saveSiteSettings(admin, submission.value);
  return redirectWithToast("/admin/settings", {
    title: changed.length ? "Settings saved" : "Nothing changed",
    description: changed.length ? `Changed: ${changed.map((name) => LABELS[name]).join(", ")}.` : undefined,
    variant: "success",
  });
}

export const headers: Route.HeadersFunction = () => PRIVATE_PAGE_HEADERS;

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Site settings" });

const LABELS = {
  communityContent: "Community content",
  registrationOpen: "Registration",
  maintenanceMode: "Maintenance mode",
  syncIntervalMinutes: "Sync interval",
  contactEmail: "Contact address",
} as const;

function OnOff({
  meta,
  label,
  hint,
  saved,
  on,
  off,
  autoFocus,
}: {
  meta: { id: string; name: string; initialValue?: unknown; errors?: string[] };
  autoFocus: boolean;
  label: string;
  hint: string;
  /** The saved value, or null to keep what was just sent (a refused form). */
  saved: boolean | null;
  on: string;
  off: string;
}) {
  const current = saved === null ? meta.initialValue : saved ? "on" : "off";
  return (
    <fieldset aria-describedby={`${meta.id}-hint`}>
      <legend className="font-semibold">{label}</legend>
      <p id={`${meta.id}-hint`} className="text-sm text-muted">
        {hint}
      </p>
      <div className="mt-1 flex flex-wrap gap-4">
        {(["on", "off"] as const).map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name={meta.name}
              value={value}
              defaultChecked={current === value}
              className="size-5"
              aria-invalid={meta.errors?.length ? true : undefined}
              aria-describedby={meta.errors?.length ? `${meta.id}-error` : undefined}
              // biome-ignore lint/a11y/noAutofocus: the first field of a refused form (no JavaScript needed).
              autoFocus={autoFocus && value === "on"}
            />
            {value === "on" ? on : off}
          </label>
        ))}
      </div>
      {meta.errors?.length ? (
        <p id={`${meta.id}-error`} className="text-sm font-semibold text-accent" role="alert">
          {meta.errors.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}

const when = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;
const show = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, audit, page, pages } = loaderData;
  const busy = useNavigation().formAction === "/admin/settings";
  const [form, fields, refused] = useSchemaForm("site-settings", SiteSettingsSchema, actionData);
  return (
    <div>
      <PageTitle>Site settings</PageTitle>
      <p className="mt-2 text-muted">The settings of the whole site. Every save is written to the audit log below.</p>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-6 max-w-xl space-y-5 rounded-lg border border-line bg-surface p-card"
      >
        <AuthenticityTokenInput name="csrf" />
        <FormErrors errors={form.errors} {...refused("")} />
        <OnOff
          meta={fields.communityContent}
          autoFocus={refused(fields.communityContent.name).autoFocus === true}
          saved={actionData ? null : settings.communityContent}
          on="Open"
          off="Closed"
          label="Community content"
          hint="Community stories and the discussion pages are open to readers."
        />
        <OnOff
          meta={fields.registrationOpen}
          autoFocus={refused(fields.registrationOpen.name).autoFocus === true}
          saved={actionData ? null : settings.registrationOpen}
          on="Open"
          off="Closed"
          label="Registration"
          hint="New accounts can be created. Closed: sign-up, the API and new provider accounts are refused; sign-in keeps working."
        />
        <OnOff
          meta={fields.maintenanceMode}
          autoFocus={refused(fields.maintenanceMode.name).autoFocus === true}
          saved={actionData ? null : settings.maintenanceMode}
          on="On"
          off="Off"
          label="Maintenance mode"
          hint="Readers get the 503 page. Admins keep working, and the sign-in page stays open."
        />
        <Field
          id={fields.syncIntervalMinutes.id}
          label="Sync interval (minutes)"
          hint={`From ${SYNC_INTERVAL_BOUNDS.min} to ${SYNC_INTERVAL_BOUNDS.max}. The schedule follows a change without a restart.`}
          errors={fields.syncIntervalMinutes.errors}
        >
          <input
            {...getInputProps(fields.syncIntervalMinutes, { type: "number" })}
            defaultValue={fields.syncIntervalMinutes.initialValue ?? String(settings.syncIntervalMinutes)}
            aria-describedby={`${fields.syncIntervalMinutes.id}-hint${fields.syncIntervalMinutes.errors ? ` ${fields.syncIntervalMinutes.id}-error` : ""}`}
            title={SETTING_MESSAGES.interval}
            {...refused(fields.syncIntervalMinutes.name)}
            className={inputClass}
          />
        </Field>
        <Field
          id={fields.contactEmail.id}
          label="Contact address"
          hint="Shown on the terms and contact pages; contact messages are mailed to it."
          errors={fields.contactEmail.errors}
        >
          <input
            {...getInputProps(fields.contactEmail, { type: "email" })}
            defaultValue={fields.contactEmail.initialValue ?? settings.contactEmail}
            aria-describedby={`${fields.contactEmail.id}-hint${fields.contactEmail.errors ? ` ${fields.contactEmail.id}-error` : ""}`}
            autoComplete="off"
            {...refused(fields.contactEmail.name)}
            className={inputClass}
          />
        </Field>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Saving..." : "Save settings"}
        </button>
      </Form>

      <section aria-labelledby="audit-title" className="mt-10">
        <SectionTitle id="audit-title">Audit log</SectionTitle>
        <p className="mt-1 text-sm text-muted">
          {audit.total} {audit.total === 1 ? "entry" : "entries"}, newest first. Page {page} of {pages}.
        </p>
        {audit.rows.length ? (
          <ScrollX label="Audit log" className="mt-3">
            <table className="w-full max-md:stacked-table @max-[31.5rem]:stacked-table text-left text-sm">
              <caption className="sr-only">Admin actions, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Admin</th>
                  <th scope="col">Action</th>
                  <th scope="col">Object</th>
                  <th scope="col">Before</th>
                  <th scope="col">After</th>
                </tr>
              </thead>
              <tbody>
                {audit.rows.map((row) => (
                  <tr key={row.id} className="border-t border-line align-top">
                    <td className="py-2 pr-2 whitespace-nowrap">{when(row.createdAt)}</td>
                    <td className="pr-2" data-label="Admin">
                      {row.adminName}
                    </td>
                    <td className="pr-2" data-label="Action">
                      {row.action}
                    </td>
                    <td className="pr-2" data-label="Object">
                      {row.objectType}
                      {row.objectId ? ` ${row.objectId}` : ""}
                    </td>
                    <td className="pr-2 break-all" data-label="Before">
                      <code>{show(row.before)}</code>
                    </td>
                    <td className="break-all" data-label="After">
                      <code>{show(row.after)}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollX>
        ) : (
          <p className="mt-3 text-muted">No admin actions recorded yet.</p>
        )}
        <Pagination
          label="Audit log pages"
          page={page}
          totalPages={pages}
          hrefFor={(n) => (n > 1 ? `/admin/settings?page=${n}` : "/admin/settings")}
        />
      </section>
    </div>
  );
}
