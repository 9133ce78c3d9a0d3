import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { FormErrors } from "~/components/form-errors";
import { schemaConstraint } from "~/components/forms";
import { SectionTitle } from "~/components/page-title";
import { showToast } from "~/toasts/toast-store";
import { postJson } from "~/utils/api-client";
import { FeedbackFields, screenResolution } from "./feedback-fields";
import { FEEDBACK_FAILURE, FEEDBACK_SUCCESS, FeedbackSchema } from "./feedback-form";

// The feedback dialog's form. Loaded only when a reader opens the dialog (or
// points at the button), so the form library and the schema are not part of
// every page's JavaScript.

type Phase = "idle" | "submitting" | "sent";

export default function FeedbackDialogBody({ page, onClose }: { page: string; onClose: () => void }) {
  const [phase, setPhase] = useState<Phase>("idle");
  const root = useRef<HTMLDivElement>(null);
  // The dialog opened before this arrived: the first field takes the focus now.
  useEffect(() => {
    root.current?.querySelector<HTMLElement>("select, textarea, input")?.focus();
  }, []);
  const [formKey, setFormKey] = useState(0);
  const [form, fields] = useForm({
    id: `feedback-dialog-${formKey}`,
    constraint: schemaConstraint(FeedbackSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: FeedbackSchema }),
    async onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      setPhase("submitting");
      const result = await postJson("/api/feedback", {
        ...submission.value,
        page,
        screenResolution: screenResolution(),
      });
      if (result.ok) {
        setPhase("sent");
        showToast({ ...FEEDBACK_SUCCESS, variant: "success" });
      } else {
        // The reader's text stays in the form.
        setPhase("idle");
        showToast({ ...FEEDBACK_FAILURE, variant: "destructive" });
      }
    },
  });

  return (
    <div ref={root}>
      <div className="flex items-start justify-between gap-4">
        <SectionTitle id="feedback-dialog-title" inCard>
          {phase === "sent" ? "Thank You for Your Feedback!" : "Feedback"}
        </SectionTitle>
        <button type="button" className="btn" onClick={onClose} aria-label="Close feedback">
          ×
        </button>
      </div>
      {phase === "sent" ? (
        <div role="status" className="mt-4">
          <p className="text-muted">We read every message.</p>
          <button
            type="button"
            className="btn btn-primary mt-6"
            onClick={() => {
              setFormKey((k) => k + 1);
              setPhase("idle");
            }}
          >
            Submit Another Feedback
          </button>
        </div>
      ) : (
        <form method="post" action="/feedback" {...getFormProps(form)} className="mt-4 space-y-4">
          <FormErrors errors={form.errors} />
          <FeedbackFields fields={fields} />
          <button type="submit" className="btn btn-primary" disabled={phase === "submitting"}>
            {phase === "submitting" ? "Submitting..." : "Send feedback"}
          </button>
        </form>
      )}
    </div>
  );
}
