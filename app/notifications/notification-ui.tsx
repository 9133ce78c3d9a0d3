// The notification list and the cursed overlay, shared by /notifications (forms,
// no JavaScript needed) and the header's panel (JavaScript).
import type { ReactNode } from "react";
import { formatDate } from "~/utils/dates";
import { type AppNotification, CURSED_NOTIFICATION, type NotificationFilter } from "./notifications";

const EMPTY: Record<NotificationFilter, string> = {
  all: "No notifications yet. New stories will show up here.",
  unread: "Nothing unread. You are all caught up.",
  read: "No read notifications.",
};

/**
 * "Clear all" asks first: a <details> whose summary is the spec's "Clear all"
 * and whose "Yes, clear all" (the caller's: a form's submit button on the page,
 * a click in the panel) does it, so the question works without JavaScript and
 * costs the panel only its markup. Clearing cannot be undone.
 */
export function ClearAllConfirm({ compact = false, children }: { compact?: boolean; children: ReactNode }) {
  return (
    <details>
      <summary
        className={`btn cursor-pointer list-none [&::-webkit-details-marker]:hidden ${compact ? "px-2 text-sm" : ""}`}
      >
        Clear all
      </summary>
      <div className="mt-2 space-y-2 rounded-lg border border-line p-2 text-sm">
        <p>Remove every notification? This cannot be undone.</p>
        {children}
      </div>
    </details>
  );
}

/** Each item shows its title, message and date; `open` renders what opens its link (and marks it read). */
export function NotificationItems({
  items,
  filter,
  open,
}: {
  items: AppNotification[];
  filter: NotificationFilter;
  open: (item: AppNotification, title: ReactNode) => ReactNode;
}) {
  if (items.length === 0) return <p className="p-3 text-muted">{EMPTY[filter]}</p>;
  return (
    <ul className="divide-y divide-line">
      {items.map((item) => (
        <li key={item.id} className={`p-3 ${item.read ? "" : "border-l-4 border-accent"}`}>
          {open(
            item,
            <>
              <span className="block font-semibold text-ink">
                {item.title}
                {item.read ? null : <span className="sr-only"> (unread)</span>}
              </span>
              <span className="block text-sm text-ink">{item.message}</span>
            </>,
          )}
          <time dateTime={item.date} className="mt-1 block text-xs text-muted">
            {formatDate(item.date)}
          </time>
        </li>
      ))}
    </ul>
  );
}

/**
 * The ignored-notification overlay (spec §4): glitch text that plays for 2 s
 * (CSS, see app.css), or a still message when the reader prefers reduced motion.
 */
export function CursedOverlay() {
  return (
    <div role="status" className="cursed-overlay my-4 rounded-lg border border-accent bg-bg p-4 text-center">
      <p className="glitch-text font-serif text-2xl font-bold text-accent" data-text={CURSED_NOTIFICATION.title}>
        {CURSED_NOTIFICATION.title}
      </p>
      <p className="glitch-static mt-1 text-sm text-muted">{CURSED_NOTIFICATION.message}</p>
    </div>
  );
}
