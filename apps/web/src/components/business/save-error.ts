// A failed save: field errors the server named go next to their fields, the message goes to a toast.
import type { FormInstance } from 'antd';
import { ApiError } from '../../lib/api-client';

type MessageApi = { error: (content: string) => unknown };

/**
 * Shows a save failure. Errors on nested paths (goods.2.quantity) are put on the top-level form control
 * (goods) when the form has one; the reply message is always shown (unless the client already went to
 * /login or /500).
 */
export function showSaveError(
  err: unknown,
  form: FormInstance | null,
  message: MessageApi,
  fieldAliases: Record<string, string> = {},
  /** A prefix the server's field paths carry that the form's names do not (a content item's `data.`). */
  prefix = '',
): void {
  if (!(err instanceof ApiError)) {
    void message.error(String(err instanceof Error ? err.message : err));
    return;
  }
  if (err.handled) return;
  if (form && err.fieldErrors.length > 0) {
    const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
    const byField = new Map<string, string[]>();
    for (const fe of err.fieldErrors) {
      const path = prefix && fe.field.startsWith(prefix) ? fe.field.slice(prefix.length) : fe.field;
      const top = path.split('.')[0] ?? path;
      const name = fieldAliases[top] ?? top;
      if (!known.has(name)) continue;
      byField.set(name, [...(byField.get(name) ?? []), fe.message]);
    }
    form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  }
  void message.error(err.message);
}
