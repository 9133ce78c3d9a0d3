// Flash toasts: an action puts a toast in a short-lived cookie and redirects;
// the next page shows it (without JavaScript too) and clears the cookie.
import { randomUUID } from "node:crypto";
import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { secureCookies } from "~/env.server";
import { COOKIE_NAMES } from "~/utils/site";
import { type Toast, toastDuration } from "./toast";

const toastCookie = createCookie(COOKIE_NAMES.toast, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: secureCookies,
  maxAge: 60,
});

const ToastSchema = z.object({
  id: z.string(),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(["default", "success", "destructive"]),
  duration: z.number().int().positive(),
  action: z
    .object({
      label: z.string().max(40),
      action: z.string().startsWith("/").max(200),
      fields: z.record(z.string().max(40), z.string().max(300)),
    })
    .optional(),
  celebrate: z.boolean().optional(),
});

export type ToastInput = Omit<Toast, "id" | "duration" | "variant"> & Partial<Pick<Toast, "variant" | "duration">>;

export async function redirectWithToast(url: string, input: ToastInput, init?: ResponseInit) {
  const toast: Toast = { id: randomUUID(), variant: "default", duration: toastDuration(input), ...input };
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastCookie.serialize(toast));
  return redirect(url, { ...init, headers });
}

/** The flash toast of this request, and the Set-Cookie header that clears it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const raw = await toastCookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined) return { toast: null, clear: null };
  const parsed = ToastSchema.safeParse(raw);
  return { toast: parsed.success ? parsed.data : null, clear: await toastCookie.serialize("", { maxAge: 0 }) };
}
