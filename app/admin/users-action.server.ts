// The actions of /admin/users (the bulk form) and /admin/users/:userId (one
// user): CSRF (readPostedForm), the admin check in the action itself, the
// schema, then the domain (users.server.ts) and a redirect with a toast. What
// the admin can fix (a wrong password, the last admin) comes back with the form.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { requireAdmin } from "~/auth/auth.server";
import { readPostedForm } from "~/auth/csrf.server";
import { isConfirmed } from "~/components/confirm-step";
import { redirectWithToast } from "~/toasts/toast.server";
import { replyToFailure } from "~/utils/forms";
import {
  type ActionResult,
  actionTarget,
  actOnUser,
  actOnUsers,
  BulkUserActionSchema,
  UserActionSchema,
  UserAdminError,
} from "./users.server";

const DONE: Record<ActionResult["intent"], (names: string) => { title: string; description: string }> = {
  promote: (names) => ({ title: "Made an administrator", description: `${names} is now an administrator.` }),
  demote: (names) => ({ title: "Administrator role removed", description: `${names} is no longer an administrator.` }),
  suspend: (names) => ({ title: "Suspended", description: `${names} cannot sign in, and their sessions ended.` }),
  reinstate: (names) => ({ title: "Reinstated", description: `${names} can sign in again.` }),
  "end-sessions": (names) => ({ title: "Sessions ended", description: `${names} must sign in again.` }),
  delete: (names) => ({ title: "Account deleted", description: `${names} was deleted.` }),
};

function toast(result: ActionResult) {
  const names = result.usernames.length > 3 ? `${result.usernames.length} users` : result.usernames.join(", ");
  if (result.changed === 0) return { title: "Nothing to change", description: `${names}: already so.` };
  return { ...DONE[result.intent](names), variant: "success" as const };
}

/** `back` is where success goes (the list keeps its query); a deletion from a user's page goes to the list. */
export async function userAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  { bulk, back, userId }: { bulk: boolean; back: string; userId?: string },
) {
  const admin = await requireAdmin(request);
  const form = await readPostedForm(request, context);
  // A user's page acts on the user of its URL, whatever the form says.
  if (userId !== undefined) form.set("userId", userId);
  const submission = bulk
    ? parseWithZod(form, { schema: BulkUserActionSchema })
    : parseWithZod(form, { schema: UserActionSchema });
  const intent = String(form.get("intent") ?? "");
  if (submission.status !== "success") {
    return data(
      {
        intent,
        result: replyToFailure(submission, bulk ? ["intent"] : ["intent", "userId"], { hideFields: ["password"] }),
      },
      { status: 400 },
    );
  }
  try {
    // Deleting a person cannot be undone: the first press only asks (the page shows the question,
    // the choice made and, for an administrator, the password field), and deletes nothing.
    if (!bulk && submission.value.intent === "delete" && !isConfirmed(form)) {
      const target = await actionTarget(admin, submission.value.userId, "delete");
      const { submissions } = submission.value as { submissions: "anonymise" | "remove" };
      return data({ intent, ask: { username: target.username, submissions } });
    }
    const result = bulk
      ? await actOnUsers(admin, submission.value as Parameters<typeof actOnUsers>[1])
      : await actOnUser(admin, submission.value as Parameters<typeof actOnUser>[1]);
    return redirectWithToast(result.intent === "delete" ? "/admin/users" : back, toast(result));
  } catch (error) {
    if (!(error instanceof UserAdminError)) throw error;
    if (error.status === 404) throw data({ message: error.message }, { status: 404 });
    const reply = submission.reply({
      hideFields: ["password"],
      ...(error.field ? { fieldErrors: { [error.field]: [error.message] } } : { formErrors: [error.message] }),
    });
    return data({ intent, result: reply }, { status: error.status });
  }
}
