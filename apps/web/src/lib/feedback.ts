// Toasts from outside React: the app binds antd's context-aware message API here (so toasts follow the
// theme and locale); until then antd's static API is used.
import { message, type App } from 'antd';
import { ERROR_TOAST_SECONDS } from '@tfb/contract';

type MessageInstance = ReturnType<typeof App.useApp>['message'];

let bound: MessageInstance | null = null;

export function bindMessageApi(api: MessageInstance | null): void {
  bound = api;
}

/** An error toast that stays for the 5 seconds of spec section 8. */
export function showErrorToast(content: string): void {
  void (bound ?? message).error({ content, duration: ERROR_TOAST_SECONDS });
}
