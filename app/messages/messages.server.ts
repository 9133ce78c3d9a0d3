// Contact messages and copyright claims: stored first, so nothing a reader
// wrote is lost, then mailed to the site's address when SMTP is configured.
// A mail failure is logged and leaves mailedAt empty; the reader's message is
// safe in the database either way.

import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { getOptionalUser } from "~/auth/auth.server";
import { publicFormProps } from "~/auth/public-form.server";
import { prisma } from "~/db.server";
import { siteMailer } from "~/site/site-mailer.server";
import { contactEmail } from "~/site/site-settings.server";
import type { ContactSchema, CopyrightClaimSchema } from "./messages";

/** 5 of each per client address an hour. */
export const CONTACT_LIMIT = { limit: 5, windowMs: 60 * 60_000 };

async function mailToSite(kind: string, subject: string, lines: string[], replyTo: string): Promise<Date | null> {
  // Only mail that leaves the server counts as mailed (a development log is not the site's inbox).
  if (siteMailer.delivery !== "smtp") return null;
  try {
    // One line, whatever was posted: a subject is a mail header.
    const header = subject.replace(/\p{Cc}+/gu, " ");
    await siteMailer.send({ kind, to: await contactEmail(), subject: header, text: lines.join("\n"), replyTo });
    return new Date();
  } catch (error) {
    console.error(`[mail] ${subject}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

export async function saveContactMessage(input: z.output<typeof ContactSchema>, userId: string | null) {
  const row = await prisma.contactMessage.create({
    data: { ...input, subject: input.subject || null, userId },
    select: { id: true },
  });
  const mailedAt = await mailToSite(
    "contact message",
    `[Contact] ${input.subject || `Message from ${input.name}`}`,
    [`From: ${input.name} <${input.email}>`, "", input.message, "", `(contact message ${row.id})`],
    input.email,
  );
  if (mailedAt) await prisma.contactMessage.update({ where: { id: row.id }, data: { mailedAt } });
  return row;
}

export async function saveCopyrightClaim(input: z.output<typeof CopyrightClaimSchema>, userId: string | null) {
  const row = await prisma.copyrightClaim.create({
    data: { ...input, details: input.details || null, userId, status: "received" },
    select: { id: true },
  });
  const mailedAt = await mailToSite(
    "copyright claim",
    `[Copyright claim] ${input.work.slice(0, 80)}`,
    [
      `From: ${input.name} <${input.email}>`,
      "",
      "The work:",
      input.work,
      "",
      "Where the copy is:",
      input.location,
      ...(input.details ? ["", "More details:", input.details] : []),
      "",
      "The claimant made the good-faith statement and the accuracy statement.",
      `(copyright claim ${row.id})`,
    ],
    input.email,
  );
  if (mailedAt) await prisma.copyrightClaim.update({ where: { id: row.id }, data: { mailedAt } });
  return row;
}

/** What the contact and claim pages load: the site address, the sent flag, the sender and the form guard. */
export async function messagePageData(request: Request, context: Readonly<RouterContextProvider>) {
  const user = await getOptionalUser(request);
  return {
    contactEmail: await contactEmail(),
    sent: new URL(request.url).searchParams.get("sent") === "1",
    sender: user ? { name: user.username, email: user.email } : null,
    ...(await publicFormProps(request, context)),
  };
}
