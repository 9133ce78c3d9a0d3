// The actions of /admin/themes, one per `intent`: the palette (preview, save,
// reset) and the categories and tags (create, rename, merge, delete).
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import { isConfirmed } from "~/components/confirm-step";
import type { AuditActor } from "~/site/audit.server";
import { checkPalette, describeFailure, type PairResult, PaletteFormSchema } from "~/theme/palette";
import { saveSitePalette } from "~/theme/palette.server";
import { redirectWithToast } from "~/toasts/toast.server";
import {
  createTerm,
  deleteTerm,
  mergePreview,
  mergeTerms,
  renameTerm,
  TaxonomyError,
  type TermKind,
} from "./taxonomy.server";

export const THEMES_PATH = "/admin/themes";

const Name = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z.string({ error: "Enter a name." }).min(1, "Enter a name.").max(60, "At most 60 characters."),
);
const Id = z.coerce.number({ error: "Choose one." }).int().positive("Choose one.");

// `intent` is in each schema so that a form sending it twice is refused, not guessed.
const Intent = z.string();

export const TermCreateSchema = z.object({
  intent: Intent,
  name: Name,
  slug: z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().max(80).optional()),
});
export const TermRenameSchema = z.object({ intent: Intent, id: Id, name: Name });
export const TermMergeSchema = z.object({ intent: Intent, sourceId: Id, targetId: Id });
export const TermDeleteSchema = z.object({ intent: Intent, id: Id });

export const TERM_INTENTS = ["create", "rename", "merge", "delete"] as const;

export type ThemesActionData =
  | {
      form: "palette";
      intent: string;
      values: Record<string, string>;
      fieldErrors: Record<string, string[]>;
      pairs: PairResult[];
      failures: string[];
    }
  | {
      form: string;
      values: Record<string, string>;
      fieldErrors: Record<string, string[]>;
      formError?: string;
      /** A merge's question before it runs: the two names and how many stories move. */
      ask?: { source: string; target: string; moving: number };
    };

function raw(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && key !== "csrf") values[key] = value.slice(0, 200);
  return values;
}

function errorsOf(error: Record<string, string[] | null> | null | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(error ?? {})) if (value?.length) out[key] = value;
  return out;
}

async function paletteAction(admin: AuditActor, form: FormData) {
  const values = raw(form);
  if (form.get("intent") === "reset") {
    await saveSitePalette(admin, null);
    return redirectWithToast(THEMES_PATH, { title: "The default palette is back", description: "Readers see it now." });
  }
  const submission = parseWithZod(form, { schema: PaletteFormSchema });
  if (submission.status !== "success") {
    return data<ThemesActionData>(
      {
        form: "palette",
        intent: values.intent ?? "",
        values,
        fieldErrors: errorsOf(submission.error),
        pairs: [],
        failures: [],
      },
      { status: 400 },
    );
  }
  const { intent, ...palette } = submission.value;
  const pairs = checkPalette(palette);
  const failures = pairs.filter((p) => !p.passes).map(describeFailure);
  if (intent === "save" && failures.length === 0) {
    await saveSitePalette(admin, palette);
    return redirectWithToast(THEMES_PATH, {
      title: "Palette saved",
      description: "Readers see it on their next page.",
    });
  }
  // A preview (nothing saved), or a save refused with the failing pairs named.
  return data<ThemesActionData>(
    { form: "palette", intent, values, fieldErrors: {}, pairs, failures },
    { status: intent === "save" ? 400 : 200 },
  );
}

async function termAction(admin: AuditActor, kind: TermKind, op: (typeof TERM_INTENTS)[number], form: FormData) {
  const formName = `${kind}-${op}`;
  const values = raw(form);
  const fail = (fieldErrors: Record<string, string[]>, formError?: string) =>
    data<ThemesActionData>({ form: formName, values, fieldErrors, formError }, { status: 400 });
  const label = kind === "category" ? "Category" : "Tag";
  try {
    if (op === "create") {
      const s = parseWithZod(form, { schema: TermCreateSchema });
      if (s.status !== "success") return fail(errorsOf(s.error));
      const created = await createTerm(admin, kind, s.value);
      return redirectWithToast(THEMES_PATH, {
        title: `${label} created`,
        description: `“${created.name}” (${created.slug})`,
      });
    }
    if (op === "rename") {
      const s = parseWithZod(form, { schema: TermRenameSchema });
      if (s.status !== "success") return fail(errorsOf(s.error));
      await renameTerm(admin, kind, s.value.id, s.value.name);
      return redirectWithToast(THEMES_PATH, {
        title: `${label} renamed`,
        description: `Now “${s.value.name}”; its link stays.`,
      });
    }
    if (op === "merge") {
      const s = parseWithZod(form, { schema: TermMergeSchema });
      if (s.status !== "success") return fail(errorsOf(s.error));
      // A merge deletes the first term and cannot be undone: the first press only asks, as Delete does
      // (docs/decisions/019, stop 65); the step's "Yes, merge" sends `confirmed`.
      if (!isConfirmed(form)) {
        const preview = await mergePreview(kind, s.value.sourceId, s.value.targetId);
        return data<ThemesActionData>({
          form: formName,
          values,
          fieldErrors: {},
          ask: { source: preview.source.name, target: preview.target.name, moving: preview.moving },
        });
      }
      const { moved, source, target } = await mergeTerms(admin, kind, s.value.sourceId, s.value.targetId);
      return redirectWithToast(THEMES_PATH, {
        title: `${label} merged`,
        description: `“${source.name}” merged into “${target.name}”: ${moved} ${moved === 1 ? "story" : "stories"} moved.`,
      });
    }
    const s = parseWithZod(form, { schema: TermDeleteSchema });
    if (s.status !== "success") return fail(errorsOf(s.error));
    const deleted = await deleteTerm(admin, kind, s.value.id);
    return redirectWithToast(THEMES_PATH, {
      title: `${label} deleted`,
      description: `“${deleted.name}” (${deleted.slug})`,
    });
  } catch (error) {
    if (error instanceof TaxonomyError) {
      return error.field === "id" ? fail({}, error.message) : fail({ [error.field]: [error.message] });
    }
    throw error;
  }
}

/** Dispatches on `intent`: "preview" | "save" | "reset" (palette) or "<category|tag>-<op>". */
export async function themesAction(admin: AuditActor, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  if (intent === "preview" || intent === "save" || intent === "reset") return paletteAction(admin, form);
  const [kind, op] = intent.split("-") as [string, string];
  if ((kind === "category" || kind === "tag") && (TERM_INTENTS as readonly string[]).includes(op)) {
    return termAction(admin, kind, op as (typeof TERM_INTENTS)[number], form);
  }
  return data<ThemesActionData>(
    {
      form: "unknown",
      values: {},
      fieldErrors: {},
      formError: "This form could not be sent as it was. Reload the page and try again.",
    },
    { status: 400 },
  );
}
