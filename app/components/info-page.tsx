import type { ReactNode } from "react";
import { PageTitle } from "./page-title";

/** Layout of the plain information pages (About, Contact, Privacy, ...). */
export function InfoPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-2xl">
      <PageTitle>{title}</PageTitle>
      <div className="mt-6 space-y-4 text-lg">{children}</div>
    </article>
  );
}
