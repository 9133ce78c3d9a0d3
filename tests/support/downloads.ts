// A story page's Download control (issue 44), as a reader uses it: the link in
// "Read it without a signal", and the file the browser saves.
import type { Download, Page, TestInfo } from "@playwright/test";

export async function downloadFromStoryPage(
  page: Page,
  info: TestInfo,
  name: string,
): Promise<{ file: string; download: Download }> {
  const control = page.getByRole("region", { name: "Read it without a signal" });
  const [file] = await Promise.all([page.waitForEvent("download"), control.getByRole("link", { name }).click()]);
  const path = info.outputPath(file.suggestedFilename());
  await file.saveAs(path);
  return { file: path, download: file };
}
