import { type FieldMetadata, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Field, inputClass, type Refused } from "~/components/forms";
import { CATEGORY_LABELS, FEEDBACK_CATEGORIES, FEEDBACK_TYPES, TYPE_LABELS } from "./feedback-form";

type Fields = {
  type: FieldMetadata<string | undefined>;
  category: FieldMetadata<string | undefined>;
  content: FieldMetadata<string | undefined>;
};

/**
 * Type, category and the feedback itself: the same fields on /feedback and in the dialog (whose
 * form, sent by JavaScript only, has no refused first HTML: no `refused`).
 */
export function FeedbackFields({ fields, refused = () => ({}) }: { fields: Fields; refused?: Refused }) {
  return (
    <>
      <Field id={fields.type.id} label="Type" errors={fields.type.errors}>
        <select
          {...getSelectProps(fields.type)}
          {...refused(fields.type.name)}
          defaultValue={fields.type.initialValue ?? "general"}
          className={inputClass}
        >
          {FEEDBACK_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={fields.category.id} label="Category" errors={fields.category.errors}>
        <select
          {...getSelectProps(fields.category)}
          {...refused(fields.category.name)}
          defaultValue={fields.category.initialValue ?? "general"}
          className={inputClass}
        >
          {FEEDBACK_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={fields.content.id} label="Your feedback" errors={fields.content.errors}>
        <textarea
          {...getTextareaProps(fields.content)}
          {...refused(fields.content.name)}
          rows={6}
          className={inputClass}
        />
      </Field>
    </>
  );
}

/** "width x height" of the screen (spec §3), added by JavaScript. */
export function screenResolution(): string {
  return `${window.screen.width} x ${window.screen.height}`;
}
