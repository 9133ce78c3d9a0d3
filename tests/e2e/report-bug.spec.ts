import { queryE2eDb } from "../support/db";
import { expect, test } from "../support/test";

test("a bug report opened from an error screen is prefilled and stored", async ({ page, checkA11y }) => {
  const errorId = `err_${Date.now()}_abc123`;
  await page.goto(`/report-bug?${new URLSearchParams({ errorId, page: "/story/bread-and-salt" })}`);
  await expect(page.getByRole("heading", { level: 1, name: "Report a bug" })).toBeVisible();
  await expect(page.getByLabel("Page")).toHaveValue("/story/bread-and-salt");
  await expect(page.getByText(`Error id: ${errorId}`)).toBeVisible();
  await checkA11y();

  await page.getByRole("button", { name: "Send the report" }).click();
  await expect(page.getByText("Tell us what happened.")).toBeVisible();

  await page.getByLabel("What happened?").fill("The story page went blank after the second paragraph.");
  await page.getByLabel("How bad is it?").selectOption("high");
  await page.getByRole("button", { name: "Send the report" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you" })).toBeVisible();

  const rows = await queryE2eDb<{ severity: string; page: string; errorId: string }>(
    'SELECT severity, page, errorId FROM "BugReport" WHERE errorId = ?',
    [errorId],
  );
  expect(rows).toEqual([{ severity: "high", page: "/story/bread-and-salt", errorId }]);
});
