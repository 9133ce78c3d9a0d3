// Its own module: /search shows it too, and the admin lists' controls (list-controls.tsx) bring
// zod with them (list-query.ts), which /search's readers need not download.

/** Said under a search box whose text was longer than its limit: what was searched for is its first characters. */
export function SearchShortened({ max, className = "basis-full" }: { max: number; className?: string }) {
  return (
    <p className={`text-muted ${className}`}>
      Your search was shortened to its first {max} characters: only they were searched for.
    </p>
  );
}
