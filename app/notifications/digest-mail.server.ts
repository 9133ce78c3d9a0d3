// The daily digest mail (app/notifications/digest.server.ts sends it).
import { SITE_NAME } from "~/site/mail.server";
import { escapeHtml } from "~/utils/html";

/** The daily digest of a reader's unread notifications (app/notifications/digest.server.ts). */
export function digestEmail({
  username,
  items,
  siteUrl,
}: {
  username: string;
  items: { title: string; message: string; link: string | null }[];
  siteUrl: string;
}) {
  const origin = siteUrl.replace(/\/$/, "");
  const subject = `Your ${SITE_NAME} notifications: ${items.length} unread`;
  const lines = items.flatMap((item) => [
    `* ${item.title}`,
    `  ${item.message}`,
    ...(item.link ? [`  ${origin}${item.link}`] : []),
    "",
  ]);
  const text = [
    `Hello ${username},`,
    "",
    "Here is what happened on the site in the last day:",
    "",
    ...lines,
    `All your notifications: ${origin}/notifications`,
    `Choose what we send you: ${origin}/settings/notifications`,
    "",
    `— ${SITE_NAME}`,
  ].join("\n");
  const html = [
    `<p>Hello ${escapeHtml(username)},</p>`,
    "<p>Here is what happened on the site in the last day:</p>",
    "<ul>",
    ...items.map(
      (item) =>
        `<li><strong>${escapeHtml(item.title)}</strong><br>${escapeHtml(item.message)}${
          item.link ? `<br><a href="${escapeHtml(origin + item.link)}">${escapeHtml(origin + item.link)}</a>` : ""
        }</li>`,
    ),
    "</ul>",
    `<p><a href="${escapeHtml(`${origin}/settings/notifications`)}">Choose what we send you</a></p>`,
    `<p>— ${SITE_NAME}</p>`,
  ].join("\n");
  return { subject, text, html };
}
