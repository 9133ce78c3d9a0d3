// A writer's story as they sent it, to read on its page while it cannot be changed (in review,
// or rejected): /edit-story/{id}.
import type { Term } from "~/content/story";
import { countWords, formatCount } from "~/utils/text";
import { CONTENT_WARNINGS } from "./content-warnings";
import { type StoryFormValues, splitTags } from "./story-form";

/** What the writer sent, to read while it cannot be changed (in review, or rejected). */
export function StorySent({ values, categories, tags }: { values: StoryFormValues; categories: Term[]; tags: Term[] }) {
  const tagNames = [
    ...values.tag.map((slug) => tags.find((t) => t.slug === slug)?.name ?? slug),
    ...splitTags(values.newTags),
  ];
  const warnings = values.warnings.map((id) => CONTENT_WARNINGS.find((w) => w.id === id)?.label ?? id);
  const words = countWords(values.markdown);
  return (
    <section aria-labelledby="story-sent" className="mt-6 rounded-lg border border-line bg-surface p-card">
      <h2 id="story-sent" className="font-serif text-xl font-bold">
        What you sent
      </h2>
      <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Title</dt>
        <dd>{values.title}</dd>
        <dt className="font-semibold">Summary</dt>
        <dd>{values.summary || "None"}</dd>
        <dt className="font-semibold">Category</dt>
        <dd>{categories.find((c) => c.slug === values.category)?.name ?? (values.category || "None")}</dd>
        <dt className="font-semibold">Tags</dt>
        <dd>{tagNames.length ? tagNames.join(", ") : "None"}</dd>
        <dt className="font-semibold">Content warnings</dt>
        <dd>
          {warnings.length ? warnings.join(", ") : "None"}
          {values.mature ? "; mature content, for adult readers only" : null}
        </dd>
      </dl>
      <h3 className="mt-5 font-semibold">
        Story text ({formatCount(words)} {words === 1 ? "word" : "words"})
      </h3>
      {/* As the writer typed it: the Markdown, line breaks kept. */}
      <div className="mt-2 max-w-prose whitespace-pre-wrap font-serif">{values.markdown}</div>
    </section>
  );
}
