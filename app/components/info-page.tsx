import type { ReactNode } from "react";

/** Layout of the plain information pages (About, Contact, Privacy, ...). */
export function InfoPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-2xl">
      <h1 className="font-serif text-4xl font-bold">{title}</h1>
      <div className="mt-6 space-y-4 text-lg">{children}</div>
    </article>
  );
}
