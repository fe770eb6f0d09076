// Navigation for code that runs outside React (the API client, the session): the router registers
// itself here; before it does, a full page load is used.
export type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

const fallback: NavigateFn = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

let current: NavigateFn = fallback;

export function setNavigator(fn: NavigateFn | null): void {
  current = fn ?? fallback;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  current(to, options);
}
