// A form's errors as the server answered them. A module of its own, apart from ./forms: that one
// brings conform and zod (about 35 KB brotli), which a page that only shows an action's errors,
// such as /bookmarks, has no use for in the browser.
export function FormErrors({ errors }: { errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div role="alert" className="rounded border border-accent bg-surface p-3 font-semibold text-accent">
      {errors.join(" ")}
    </div>
  );
}
