import { Form, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormErrors } from "~/components/form-errors";
import { SectionTitle } from "~/components/page-title";
import { AVATAR_FORMATS, AVATAR_MAX_BYTES } from "./avatar";

/** Upload and remove forms of the avatar, on /profile and /settings/profile (each route's action calls handleAvatarForm). */
export function AvatarForms({
  avatar,
  errors,
  focus,
}: {
  avatar: string | null;
  errors: string[];
  /** The message's focus in the first HTML of a refused upload (~/components/refusal-focus). */
  focus?: { autoFocus?: boolean; tabIndex?: number };
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="avatar-heading" className="mt-10">
      <SectionTitle id="avatar-heading">Avatar</SectionTitle>
      <FormErrors errors={errors} {...focus} />
      <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-wrap items-end gap-3">
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="intent" value="upload" />
        <label className="flex max-w-full flex-col gap-1">
          <span>
            Image ({AVATAR_FORMATS}, up to {AVATAR_MAX_BYTES / 1_000_000} MB)
          </span>
          {/* w-full: Chromium draws a file input about 350 px wide; a percentage width lets it shrink on a phone. */}
          <input
            type="file"
            name="avatar"
            accept="image/jpeg,image/png,image/webp,image/gif"
            required
            className="w-full"
          />
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
  );
}
