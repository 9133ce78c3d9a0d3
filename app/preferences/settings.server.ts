// The one action behind the four reading settings pages (and the story page's
// quick-settings popover): save a page's values, apply a preset, or reset the
// page to its defaults. Post/redirect/get with a toast; the popover's fetcher
// (enhanced=1, no redirectTo) gets data instead, and the root loader revalidates.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { getOptionalUser } from "~/auth/auth.server";
import { readPostedForm } from "~/auth/csrf.server";
import { CONTENT_WARNING_IDS } from "~/stories/content-warnings";
import { serializeTheme } from "~/theme/theme-cookies.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { safeRedirectPath } from "~/utils/redirect";
import { INTENTS, type Intent, PAGE_PATHS, PAGE_SCHEMAS, PresetSchema } from "./forms";
import { applyPreset, findPreset, type SettingsPage, withPageValues } from "./preference-options";
import type { StoredPreferences } from "./preferences";
import { getStoredPreferences, savePreferences } from "./reading-preferences.server";

const TOASTS: Record<Intent, string> = {
  save: "Reading preferences saved",
  reset: "Back to the defaults",
  preset: "Preset applied",
};

function isIntent(value: unknown): value is Intent {
  return typeof value === "string" && (INTENTS as readonly string[]).includes(value);
}

/**
 * The chosen warnings come as one checkbox each (warning-gore=on, ...): no
 * field is ever repeated, so the body reader's refusal of repeated fields holds.
 */
function withCollapsedWarnings(form: FormData): FormData {
  const copy = new FormData();
  for (const [name, value] of form) if (name !== "collapsedWarnings") copy.append(name, value);
  for (const id of CONTENT_WARNING_IDS) if (form.get(`warning-${id}`) === "on") copy.append("collapsedWarnings", id);
  return copy;
}

export async function handlePreferencesAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  page: SettingsPage,
) {
  // Token-checked like every form (docs/decisions/005, 011); the CSRF check already read the body.
  const form = withCollapsedWarnings(await readPostedForm(request, context));
  const rawIntent = form.get("intent") ?? "save";
  if (!isIntent(rawIntent)) throw data({ message: "Choose save, reset or a preset." }, { status: 400 });
  const intent = rawIntent;
  const user = await getOptionalUser(request);
  const userId = user?.id ?? null;
  const stored = await getStoredPreferences(request, userId);
  const headers = new Headers();
  let next: StoredPreferences;

  if (intent === "preset") {
    const submission = parseWithZod(form, { schema: PresetSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    const preset = findPreset(submission.value.preset);
    if (!preset) throw data({ message: "Choose one of the presets." }, { status: 400 });
    next = applyPreset(stored, preset);
    if (preset.theme) headers.append("Set-Cookie", await serializeTheme(preset.theme));
  } else if (intent === "reset") {
    next = withPageValues(stored, page, "reset");
    if (page === "quick") headers.append("Set-Cookie", await serializeTheme("system"));
  } else {
    const submission = parseWithZod(form, { schema: PAGE_SCHEMAS[page] });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    const { theme, ...values } = submission.value as StoredPreferences & { theme?: "light" | "dark" | "system" };
    next = withPageValues(stored, page, values);
    if (theme) headers.append("Set-Cookie", await serializeTheme(theme));
  }

  const cookie = await savePreferences(userId, next);
  if (cookie) headers.append("Set-Cookie", cookie);
  const redirectTo = form.get("redirectTo");
  if (redirectTo === null && form.get("enhanced") === "1") {
    // The popover's fetcher: no navigation, the root loader revalidates and <html> follows.
    return data({ ok: true }, { headers });
  }
  const to = redirectTo === null ? PAGE_PATHS[page] : safeRedirectPath(redirectTo, PAGE_PATHS[page]);
  return redirectWithToast(to, { title: TOASTS[intent], variant: "success" }, { headers });
}
