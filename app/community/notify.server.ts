// Every notification the community sends goes through notifyCommunity(): the
// reader's preferences (through notifyReader) and the rule that nobody is told
// of their own doing. See docs/decisions/015.
import { prisma } from "~/db.server";
import { notifyReader, type ReaderNotice } from "~/notifications/notify.server";

export type CommunityEvent =
  | { kind: "thread-reply"; threadTitle: string; by: string; link: string }
  | { kind: "quoted"; by: string; link: string }
  | { kind: "story-comment"; storyTitle: string; by: string; link: string }
  | {
      kind: "removed";
      action: "hide" | "delete";
      /** Where the post was: the thread's title or the community story's (null if neither is left). */
      place: { kind: "thread" | "story"; title: string } | null;
      link: string | null;
    };

/** 'your post in the thread "Bells"', 'your comment on "The Lantern"': which post a notice is about. */
function yourPost(place: Extract<CommunityEvent, { kind: "removed" }>["place"]): string {
  if (!place) return "one of your community posts";
  return place.kind === "thread" ? `your post in the thread "${place.title}"` : `your comment on "${place.title}"`;
}

/** The notification centre's fields for an event (spec §3: type, title, message, link). */
export function communityNotification(event: CommunityEvent): Omit<ReaderNotice, "kind"> {
  switch (event.kind) {
    case "thread-reply":
      return {
        type: "other",
        title: "New reply in your thread",
        message: `${event.by} replied in "${event.threadTitle}".`,
        link: event.link,
      };
    case "quoted":
      return { type: "other", title: "You were quoted", message: `${event.by} quoted your post.`, link: event.link };
    case "story-comment":
      return {
        type: "other",
        title: "New comment on your story",
        message: `${event.by} commented on "${event.storyTitle}".`,
        link: event.link,
      };
    case "removed":
      return {
        type: "warning",
        title: event.action === "hide" ? "Your post was hidden" : "Your post was deleted",
        message:
          event.action === "hide"
            ? `A moderator hid ${yourPost(event.place)} after a report. It now shows as removed by a moderator.`
            : `A moderator deleted ${yourPost(event.place)} after a report.`,
        link: event.link,
      };
  }
}

type Db = Pick<typeof prisma, "notification" | "user">;

/**
 * Tells a reader of a community event, as they chose at /settings/notifications
 * (replies and quotes are "reply" notices, a removed post a "moderation" one);
 * `actorId` is who caused it (never told of their own reply). Returns whether
 * a notification was written.
 */
export async function notifyCommunity(
  recipientId: string | null | undefined,
  event: CommunityEvent,
  actorId: string | null,
  db: Db = prisma,
): Promise<boolean> {
  if (!recipientId || recipientId === actorId) return false;
  const kind = event.kind === "removed" ? "moderation" : "reply";
  const { site } = await notifyReader(recipientId, { kind, ...communityNotification(event) }, db);
  return site;
}
