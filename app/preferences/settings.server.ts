// The one action behind the four reading settings pages (and the story page's
// quick-settings popover): save a page's values, apply a preset, or reset the
// page to its defaults. Post/redirect/get with a toast; with JavaScript a
// fetcher that sends no redirectTo gets data instead.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { getOptionalUser } from "~/auth/auth.server";
import { serializeTheme } from "~/theme/preferences.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { readFormData } from "~/utils/http";
import { safeRedirectPath } from "~/utils/redirect";
import { INTENTS, type Intent, PAGE_PATHS, PAGE_SCHEMAS, PresetSchema } from "./forms";
import { applyPreset, findPreset, type SettingsPage, type StoredPreferences, withPageValues } from "./preferences";
import { getStoredPreferences, savePreferences } from "./preferences.server";

const TOASTS: Record<Intent, string> = {
  save: "Reading preferences saved",
  reset: "Back to the defaults",
  preset: "Preset applied",
};

function isIntent(value: unknown): value is Intent {
  return typeof value === "string" && (INTENTS as readonly string[]).includes(value);
}

export async function handlePreferencesAction(request: Request, page: SettingsPage) {
  // Origin-checked like /theme (docs/decisions/005): the popover sits on cacheable story pages.
  const form = await readFormData(request, { repeatable: ["collapsedWarnings"] });
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
