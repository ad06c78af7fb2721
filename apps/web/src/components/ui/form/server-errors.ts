/**
 * Splits a server `errors` body (docs/product/rules.md#R144: `{ field: [...] }`, `{ detail }` or a list)
 * into messages for known fields and lines for a message box.
 */
export interface SplitErrors<F extends string> {
  /** In the order of `fields` (the form's order), so the first one gets the focus. */
  fieldErrors: Array<[F, string]>;
  /** Everything that belongs to no field, one message per line. */
  lines: string[];
}

export function splitServerErrors<F extends string>(errors: unknown, fields: readonly F[], aliases: Partial<Record<string, F>> = {}): SplitErrors<F> {
  const lines: string[] = [];
  const byField = new Map<F, string[]>();
  if (typeof errors === 'string') lines.push(errors);
  else if (Array.isArray(errors)) lines.push(...errors.map(String));
  else if (errors && typeof errors === 'object') {
    for (const [key, value] of Object.entries(errors as Record<string, unknown>)) {
      const messages = Array.isArray(value) ? value.map(String) : value == null ? [] : [String(value)];
      const field = (fields as readonly string[]).includes(key) ? (key as F) : aliases[key];
      if (field) byField.set(field, [...(byField.get(field) ?? []), ...messages]);
      else lines.push(...messages);
    }
  }
  const fieldErrors = fields.filter((f) => byField.has(f)).map((f) => [f, byField.get(f)!.join(' ')] as [F, string]);
  return { fieldErrors, lines };
}
