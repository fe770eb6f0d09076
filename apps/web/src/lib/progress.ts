// The progress bar of spec 2.2: started on every route change, finished when the new page is ready.
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

NProgress.configure({ showSpinner: false, trickleSpeed: 120, minimum: 0.15 });

let running = false;

export function startProgress(): void {
  if (running) return;
  running = true;
  NProgress.start();
}

export function doneProgress(): void {
  if (!running) return;
  running = false;
  NProgress.done();
}

/** A route change that needs no loading still shows a short bar, so every change is visible. */
export function flashProgress(): void {
  startProgress();
  requestAnimationFrame(() => requestAnimationFrame(doneProgress));
}
