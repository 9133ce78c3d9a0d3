// A honeypot field on the public forms (remix-utils): bots that fill it in, or
// post a form faster than a person could, are turned away.
import { data } from "react-router";
import { Honeypot } from "remix-utils/honeypot/server";
import { sessionSecrets } from "~/env.server";

export const honeypot = new Honeypot({ encryptionSeed: sessionSecrets[0], randomizeNameFieldName: false });

export async function checkHoneypot(form: FormData) {
  try {
    await honeypot.check(form);
  } catch {
    // SpamError for a filled-in field; a timestamp field that is not the value
    // this server encrypted makes the decryption itself throw. Both are a form
    // no person's browser sent, and get the same answer.
    throw data({ message: "This form could not be sent. Please try again." }, { status: 400 });
  }
}
