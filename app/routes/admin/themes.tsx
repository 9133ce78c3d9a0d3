import { data } from "react-router";
import { PaletteSection } from "~/admin/palette-ui";
import { listCategories, listTags } from "~/admin/taxonomy.server";
import { TermSection, termPage } from "~/admin/terms-ui";
import { type ThemesActionData, themesAction } from "~/admin/themes-actions.server";
import { requireAdmin } from "~/auth/auth.server";
import { FormErrors } from "~/components/form-errors";
import { PageTitle } from "~/components/page-title";
import { FOCUS_FIRST } from "~/components/refusal-focus";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { DEFAULT_PALETTE, samePalette } from "~/theme/palette";
import { getSitePalette } from "~/theme/palette.server";
import { readFormData } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/themes";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [palette, categories, tags] = await Promise.all([getSitePalette(), listCategories(), listTags()]);
  return data(
    {
      palette,
      isDefault: samePalette(palette, DEFAULT_PALETTE),
      categories,
      tags,
      categoryList: termPage(categories, request, "category"),
      tagList: termPage(tags, request, "tag"),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

/** One form per job, told apart by `intent` (docs/decisions/019). */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  // Refuses control characters, repeated fields and bodies that are not UTF-8 with a 400 and its message.
  return themesAction(admin, await readFormData(request));
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Theme management" });

export default function ThemesPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = (actionData ?? null) as ThemesActionData | null;
  return (
    <div>
      <PageTitle>Theme management</PageTitle>
      <p className="mt-2 text-muted">
        The site's palettes, and the categories and tags of the own and community stories.
      </p>
      {result?.form === "unknown" && "formError" in result ? (
        <div className="mt-4">
          <FormErrors errors={[result.formError ?? ""]} {...FOCUS_FIRST} />
        </div>
      ) : null}
      <PaletteSection
        palette={loaderData.palette}
        isDefault={loaderData.isDefault}
        result={result?.form === "palette" ? (result as Extract<ThemesActionData, { form: "palette" }>) : null}
      />
      <TermSection kind="category" rows={loaderData.categories} list={loaderData.categoryList} result={result} />
      <TermSection kind="tag" rows={loaderData.tags} list={loaderData.tagList} result={result} />
    </div>
  );
}
