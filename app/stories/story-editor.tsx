// The one story form, for /submit-story and /edit-story/{id}. Without
// JavaScript it is a plain form whose two named buttons save or submit, and a
// refused post comes back filled with messages on the fields. With it, a draft
// is saved on its own a few seconds after the writer stops typing; a failed
// save says so, and the text stays in the page and in local storage.
import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Field, FormErrors, inputClass, useKeptResult, useRefused } from "~/components/forms";
import type { Term } from "~/content/story";
import { documentTitle } from "~/utils/meta";
import { countWords, formatCount } from "~/utils/text";
import { CONTENT_WARNINGS } from "./content-warnings";
import { readingMinutesForWords, STORY_LIMITS, type StoryFormValues, type StoryPreview } from "./story-form";

/** What an autosave answers (the action's JSON for `autosave=1`). */
export type AutosaveResult = { saved: true; id: number; savedAt: string } | { saved: false; message: string };

/** The form's fields in the page's order (where focus goes after a refusal). */
const STORY_FIELDS = ["title", "summary", "markdown", "category", "tag", "newTags", "warnings", "mature", "agree"];

/** How long after the last keystroke a draft is saved. */
const AUTOSAVE_DELAY_MS = 3000;
const STORAGE_PREFIX = "hs_story_draft:";

export function StoryEditor({
  action,
  storyId,
  values,
  lastResult,
  categories,
  tags,
  canSubmit = true,
  autosave = true,
  agreement = canSubmit,
  submit = { intent: "submit", label: "Submit for review" },
  preview,
  newTags = {
    label: "Propose new tags",
    hint: `Comma-separated; a moderator adds them. At most ${STORY_LIMITS.tagsMax} tags in all.`,
  },
  children,
}: {
  /** Where the form posts; an autosave of a new story moves it to the story's edit page. */
  action: string;
  storyId: number | null;
  values: StoryFormValues;
  lastResult?: SubmissionResult<string[]>;
  categories: Term[];
  tags: Term[];
  canSubmit?: boolean;
  autosave?: boolean;
  /** The writer's "my own work" checkbox (the admin's own posts have none). */
  agreement?: boolean;
  /** The second button: the writer's "Submit for review", the admin's "Publish". */
  submit?: { intent: string; label: string };
  newTags?: { label: string; hint: string };
  /** The "Preview" button (the writer's forms, whose action answers it), and the last preview it showed. */
  preview?: { shown: StoryPreview | null } | null;
  /** More fields, before the buttons (the admin's publish date). */
  children?: ReactNode;
}) {
  // A post refused, else what the writer sent after their session ended (docs/decisions/058).
  const result = useKeptResult(lastResult, STORY_FIELDS);
  const [form, fields] = useForm<StoryFormValues & { agree?: string; intent?: string }>({
    id: `story-${storyId ?? "new"}`,
    lastResult: result,
    // conform reads a checkbox's default as "on".
    defaultValue: { ...values, mature: values.mature ? "on" : undefined } as never,
    shouldValidate: "onSubmit",
  });
  const refused = useRefused(form.id, result, STORY_FIELDS);
  const busy = useNavigation().state === "submitting";
  // The text the form shows: a refused post's comes back in lastResult (the server's render counts it too).
  const [words, setWords] = useState(() => {
    const shown = fields.markdown.initialValue;
    return countWords(typeof shown === "string" ? shown : values.markdown);
  });
  const { savedId, status, schedule, cancel, restore } = useAutosave(storyId, autosave);
  const target = savedId && !storyId ? `/edit-story/${savedId}` : action;
  const formRef = useRef<HTMLFormElement>(null);
  // Text typed before the page hydrated (a slow link) fired no input event React saw: count what is there.
  useEffect(() => {
    const text = formRef.current?.elements.namedItem("markdown");
    if (text instanceof HTMLTextAreaElement) setWords(countWords(text.value));
  }, []);

  return (
    <>
      {preview?.shown ? <PreviewOfStory preview={preview.shown} /> : null}
      <Form
        method="post"
        action={target}
        {...getFormProps(form)}
        ref={formRef}
        className="space-y-5"
        // A draft saved in the background must not race the writer's own save or submit.
        onSubmit={cancel}
        onInput={(event) => {
          const formElement = event.currentTarget;
          const text = formElement.elements.namedItem("markdown");
          if (text instanceof HTMLTextAreaElement) setWords(countWords(text.value));
          schedule(formElement);
        }}
      >
        <AuthenticityTokenInput name="csrf" />
        <FormErrors errors={form.errors} {...refused("")} />
        {restore ? (
          <div role="status" className="rounded border border-line bg-surface p-3">
            This browser kept a copy of your text from {new Date(restore.savedAt).toLocaleString("en-US")} that was not
            saved.{" "}
            <button
              type="button"
              className="btn py-1 text-sm"
              onClick={() => {
                const text = formRef.current?.elements.namedItem("markdown");
                if (text instanceof HTMLTextAreaElement) {
                  text.value = restore.markdown;
                  setWords(countWords(restore.markdown));
                }
                restore.dismiss();
              }}
            >
              Restore it
            </button>
          </div>
        ) : null}
        <Field id={fields.title.id} label="Title" errors={fields.title.errors}>
          <input
            {...getInputProps(fields.title, { type: "text" })}
            {...refused(fields.title.name)}
            maxLength={STORY_LIMITS.titleMax}
            className={inputClass}
          />
        </Field>
        <Field
          id={fields.summary.id}
          label="Summary"
          errors={fields.summary.errors}
          hint={`What readers see in the Story Index, up to ${STORY_LIMITS.summaryMax} characters.`}
        >
          <textarea
            {...getTextareaProps(fields.summary)}
            {...refused(fields.summary.name)}
            rows={3}
            maxLength={STORY_LIMITS.summaryMax}
            className={inputClass}
          />
        </Field>
        <Field
          id={fields.markdown.id}
          label="Story text"
          errors={fields.markdown.errors}
          hint={`Markdown: a blank line between paragraphs, *italics*, **bold**, ## a heading, > a quotation. Up to ${formatCount(STORY_LIMITS.wordsMax)} words.`}
        >
          <textarea
            {...getTextareaProps(fields.markdown)}
            {...refused(fields.markdown.name)}
            rows={18}
            maxLength={STORY_LIMITS.markdownMaxChars}
            className={`${inputClass} font-serif`}
          />
          <p className="text-sm text-muted" aria-live="polite">
            {formatCount(words)} {words === 1 ? "word" : "words"}
            {words > 0 ? ` · about ${readingMinutesForWords(words)} min read` : null}
          </p>
        </Field>
        <Field id={fields.category.id} label="Category" errors={fields.category.errors}>
          <select {...getSelectProps(fields.category)} {...refused(fields.category.name)} className={inputClass}>
            <option value="">Choose a category</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <fieldset className="space-y-2">
          <legend className="font-semibold">Tags</legend>
          {tags.length ? (
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {getCollectionProps(fields.tag, { type: "checkbox", options: tags.map((t) => t.slug) }).map((props) => (
                <label key={props.id} className="inline-flex items-center gap-1">
                  <input {...props} key={props.key} className="size-5 shrink-0" />
                  {tags.find((t) => t.slug === props.value)?.name}
                </label>
              ))}
            </div>
          ) : null}
          <Field
            id={fields.newTags.id}
            label={newTags.label}
            errors={fields.newTags.errors ?? fields.tag.errors}
            hint={newTags.hint}
          >
            <input
              {...getInputProps(fields.newTags, { type: "text" })}
              {...refused(fields.newTags.name)}
              {...refused(fields.tag.name)}
              maxLength={STORY_LIMITS.newTagsMaxChars}
              className={inputClass}
            />
          </Field>
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="font-semibold">Content warnings</legend>
          <p className="text-sm text-muted">Readers can choose to have stories with these warnings collapsed.</p>
          <div className="grid gap-1 sm:grid-cols-2">
            {getCollectionProps(fields.warnings, {
              type: "checkbox",
              options: CONTENT_WARNINGS.map((w) => w.id),
            }).map((props, index) => (
              <label key={props.id} className="inline-flex items-center gap-2">
                <input
                  {...props}
                  {...(index === 0 ? refused(fields.warnings.name) : {})}
                  key={props.key}
                  className="size-5 shrink-0"
                />
                {CONTENT_WARNINGS.find((w) => w.id === props.value)?.label}
              </label>
            ))}
          </div>
          {fields.warnings.errors?.length ? (
            <p className="text-sm font-semibold text-accent" role="alert">
              {fields.warnings.errors.join(" ")}
            </p>
          ) : null}
        </fieldset>
        <label className="flex items-center gap-2">
          <input
            {...getInputProps(fields.mature, { type: "checkbox" })}
            {...refused(fields.mature.name)}
            className="size-5 shrink-0"
          />
          Mature content: for adult readers only
        </label>
        {children}
        {agreement ? (
          <div className="space-y-1">
            <label className="flex items-start gap-2">
              <input
                {...getInputProps(fields.agree, { type: "checkbox" })}
                {...refused(fields.agree.name)}
                className="mt-1 size-5 shrink-0"
              />
              <span>
                This story is my own original work, and it follows the{" "}
                <Link to="/support/guidelines">community guidelines</Link> and the <Link to="/legal/terms">terms</Link>{" "}
                (no copying, plagiarism or translation without the author's permission). Required to submit.
              </span>
            </label>
            {fields.agree.errors?.length ? (
              <p id={`${fields.agree.id}-error`} className="text-sm font-semibold text-accent" role="alert">
                {fields.agree.errors.join(" ")}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" name="intent" value="save" className="btn" disabled={busy}>
            Save draft
          </button>
          {preview ? (
            <button type="submit" name="intent" value="preview" className="btn" disabled={busy}>
              Preview
            </button>
          ) : null}
          {canSubmit ? (
            <button type="submit" name="intent" value={submit.intent} className="btn btn-primary" disabled={busy}>
              {submit.label}
            </button>
          ) : null}
          <span role="status" aria-live="polite" className="text-sm text-muted">
            {status}
          </span>
        </div>
      </Form>
    </>
  );
}

/**
 * The text as readers will see it, above the form. Its heading takes focus when it comes (a new page
 * without JavaScript: autofocus; with it, each new preview), so a screen reader starts there.
 */
function PreviewOfStory({ preview }: { preview: StoryPreview }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (preview) heading.current?.focus();
  }, [preview]);
  return (
    <section aria-labelledby="story-preview" className="mb-6 border-b border-line pb-6">
      {/* biome-ignore lint/a11y/noAutofocus: without JavaScript the preview is a new page, read from where the writer asked to look */}
      <h2 id="story-preview" ref={heading} tabIndex={-1} autoFocus className="text-lg font-semibold">
        Preview
      </h2>
      <p className="text-sm text-muted">
        Not saved yet: how readers will see your story ({formatCount(preview.words)}{" "}
        {preview.words === 1 ? "word" : "words"}). The form is below.
      </p>
      <p className="mt-4 font-serif text-3xl font-bold" dir="auto">
        {preview.title || "Untitled"}
      </p>
      {preview.blocks.length ? (
        // The story page's blocks and classes (app/library/story-text.tsx), without its module: importing
        // it here split it out of the story page's chunk into one more file for every reader.
        <div className="prose-story mt-8">
          {preview.blocks.map((html, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity besides their place
            <div key={index} className="story-block">
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (renderStoryMarkdown) */}
              <div dir="auto" dangerouslySetInnerHTML={{ __html: html }} />
            </div>
          ))}
        </div>
      ) : (
        <p className="mt-4 text-muted">No text yet.</p>
      )}
    </section>
  );
}

type Restore = { markdown: string; savedAt: string; dismiss: () => void };

/** Where the autosave posts (a JSON resource route: a failed save never replaces the page). */
export const AUTOSAVE_PATH = "/api/stories/draft";

/** Debounced saving of the draft, with a local copy of the text until the server has it. */
function useAutosave(storyId: number | null, enabled: boolean) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [savedId, setSavedId] = useState<number | null>(storyId);
  // The id every later save sends, read when it runs: a new story is created once.
  const idRef = useRef<number | null>(storyId);
  // Saves run one after another: a second save waits for the first's id instead of creating a second draft.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const [status, setStatus] = useState("");
  const [restore, setRestore] = useState<Restore | null>(null);
  const keyOf = (id: number | null) => `${STORAGE_PREFIX}${id ?? "new"}`;
  const key = keyOf(storyId);

  // A copy this browser kept of text that never reached the server.
  useEffect(() => {
    try {
      const kept = JSON.parse(localStorage.getItem(key) ?? "null") as { markdown?: string; savedAt?: string } | null;
      const current = document.querySelector<HTMLTextAreaElement>('textarea[name="markdown"]')?.value ?? "";
      if (kept?.markdown && kept.savedAt && kept.markdown !== current) {
        setRestore({ markdown: kept.markdown, savedAt: kept.savedAt, dismiss: () => setRestore(null) });
      }
    } catch {
      // Storage unavailable (private mode): autosave still works.
    }
  }, [key]);

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  async function save(form: HTMLFormElement) {
    const id = idRef.current;
    const data = new FormData(form);
    data.set("intent", "save");
    if (id) data.set("id", String(id));
    const sent = String(data.get("markdown") ?? "");
    setStatus("Saving draft...");
    let result: AutosaveResult;
    try {
      const response = await fetch(AUTOSAVE_PATH, {
        method: "POST",
        body: data,
        headers: { Accept: "application/json" },
      });
      result = (await response.json().catch(() => ({
        saved: false,
        message: `The server answered ${response.status}.`,
      }))) as AutosaveResult;
      if (!response.ok && result.saved !== false)
        result = { saved: false, message: `The server answered ${response.status}.` };
    } catch {
      result = { saved: false, message: "The connection failed." };
    }
    if (result.saved) {
      if (id === null) {
        // The new story exists now: the page's address becomes its own, in place (no navigation: the
        // form, its text and its focus stay), so a reload, Back or a later save all reach this draft.
        // React Router's entry state is kept, so its own history keys stay valid.
        window.history.replaceState(window.history.state, "", `/edit-story/${result.id}`);
        // The tab's and the history entry's title too: the draft's own page is called so on a reload.
        document.title = documentTitle(`Edit: ${String(data.get("title") ?? "")}`);
      }
      idRef.current = result.id;
      setSavedId(result.id);
      setStatus(`Draft saved at ${new Date(result.savedAt).toLocaleTimeString("en-US")}.`);
      try {
        // The local copy goes once the server has that text; a newer one typed meanwhile moves to the draft's key.
        const kept = localStorage.getItem(keyOf(id));
        localStorage.removeItem(keyOf(id));
        if (kept && (JSON.parse(kept) as { markdown?: string }).markdown !== sent)
          localStorage.setItem(keyOf(result.id), kept);
      } catch {}
    } else {
      setStatus(`Your draft could not be saved: ${result.message} Your text is still here and kept in this browser.`);
    }
  }

  function schedule(form: HTMLFormElement) {
    if (!enabled) return;
    const text = form.elements.namedItem("markdown");
    if (text instanceof HTMLTextAreaElement) {
      try {
        // Under the key the draft's own page reads (the new story's until it has an id).
        localStorage.setItem(
          keyOf(idRef.current),
          JSON.stringify({ markdown: text.value, savedAt: new Date().toISOString() }),
        );
      } catch {}
    }
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      queue.current = queue.current.then(() => save(form));
    }, AUTOSAVE_DELAY_MS);
  }

  function cancel() {
    if (timer.current) clearTimeout(timer.current);
  }

  return { savedId, status, schedule, cancel, restore };
}
