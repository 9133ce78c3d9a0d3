import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { FormErrors } from "~/auth/forms";
import { showToast } from "~/toasts/toast-store";
import { postJson } from "~/utils/api-client";
import { FEEDBACK_FAILURE, FEEDBACK_SUCCESS, FeedbackSchema } from "./feedback";
import { FeedbackFields, screenResolution } from "./feedback-fields";

const floating = "btn btn-primary fixed bottom-4 left-4 z-20 shadow-lg";

/**
 * The floating Feedback button (spec §2, bottom-left). Without JavaScript it
 * is a link to /feedback that remembers the page; with JavaScript it opens a
 * dialog with the same form, sent to POST /api/feedback.
 */
export function FeedbackButton() {
  const location = useLocation();
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const page = location.pathname + location.search;

  // Opened once its form is rendered, so the first field takes the focus.
  useEffect(() => {
    const element = dialog.current;
    if (!open || !element || element.open) return;
    element.showModal();
    element.querySelector<HTMLElement>("select, textarea, input")?.focus();
  }, [open]);

  if (!hydrated) {
    return (
      <Link to={`/feedback?${new URLSearchParams({ page })}`} className={floating}>
        Feedback
      </Link>
    );
  }
  return (
    <>
      <button type="button" className={floating} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Feedback
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="feedback-dialog-title"
        onClose={() => setOpen(false)}
        className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-lg border border-line bg-surface p-6 text-ink shadow-lg backdrop:bg-black/60"
      >
        {/* Mounted while open, so each opening starts from the idle form. */}
        {open ? <FeedbackDialogBody page={page} onClose={() => dialog.current?.close()} /> : null}
      </dialog>
    </>
  );
}

type Phase = "idle" | "submitting" | "sent";

function FeedbackDialogBody({ page, onClose }: { page: string; onClose: () => void }) {
  const [phase, setPhase] = useState<Phase>("idle");
  const [formKey, setFormKey] = useState(0);
  const [form, fields] = useForm({
    id: `feedback-dialog-${formKey}`,
    constraint: getZodConstraint(FeedbackSchema),
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
    <div>
      <div className="flex items-start justify-between gap-4">
        <h2 id="feedback-dialog-title" className="font-serif text-2xl font-bold">
          {phase === "sent" ? "Thank You for Your Feedback!" : "Feedback"}
        </h2>
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
