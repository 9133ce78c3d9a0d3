// The warnings this reader chose to collapse. PLUG-IN POINT for the reading-
// preferences branch (issue 13): return its preference here (cookie or
// account), e.g. `return collapsedWarnings(await readingPreferences(request))`.
// Until then no reader collapses anything, so every story shows its text.
export async function readerCollapsedWarnings(_request: Request): Promise<string[]> {
  return [];
}
