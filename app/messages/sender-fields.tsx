import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Field, inputClass, type Refused } from "~/components/forms";

export type Sender = { name: string; email: string } | null;

/** "Your name" and "Your email", filled in for a signed-in reader: the contact and claim forms. */
export function SenderFields({
  fields,
  sender,
  refused,
}: {
  fields: { name: FieldMetadata<string | undefined>; email: FieldMetadata<string | undefined> };
  sender: Sender;
  refused: Refused;
}) {
  return (
    <>
      <Field id={fields.name.id} label="Your name" errors={fields.name.errors}>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          {...refused(fields.name.name)}
          defaultValue={fields.name.initialValue ?? sender?.name}
          autoComplete="name"
          className={inputClass}
        />
      </Field>
      <Field id={fields.email.id} label="Your email" errors={fields.email.errors}>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          {...refused(fields.email.name)}
          defaultValue={fields.email.initialValue ?? sender?.email}
          autoComplete="email"
          className={inputClass}
        />
      </Field>
    </>
  );
}
