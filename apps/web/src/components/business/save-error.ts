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
      const top = fe.field.split('.')[0] ?? fe.field;
      const name = fieldAliases[top] ?? top;
      if (!known.has(name)) continue;
      byField.set(name, [...(byField.get(name) ?? []), fe.message]);
    }
    form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  }
  void message.error(err.message);
}
