import { useEffect, useState } from "react";
import { queueToast, type Toast } from "./toast";

/**
 * The toast region. Without JavaScript a flash toast stays on the page it
 * arrived with; with JavaScript it disappears after its duration.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [toasts, setToasts] = useState<Toast[]>(toast ? [toast] : []);

  useEffect(() => {
    if (toast) setToasts((current) => queueToast(current, toast));
  }, [toast]);

  useEffect(() => {
    const timers = toasts.map((t) =>
      setTimeout(() => setToasts((current) => current.filter((c) => c.id !== t.id)), t.duration),
    );
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [toasts]);

  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed top-4 right-4 z-50 flex w-80 max-w-[calc(100%-2rem)] flex-col gap-2"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role="status"
          className={`pointer-events-auto rounded-lg border p-4 shadow-lg ${t.variant === "destructive" ? "border-accent bg-accent text-accent-ink" : "border-line bg-surface text-ink"}`}
        >
          <p className="font-semibold">{t.title}</p>
          {t.description ? <p className="mt-1 text-sm">{t.description}</p> : null}
        </div>
      ))}
    </section>
  );
}
