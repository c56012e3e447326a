/**
 * The script index.html loads. The loading screen is index.html's own (HTML and inline CSS), so
 * nothing here is needed for it to show. The app (main.tsx, React and the router, the contracts'
 * schemas: over 300 KB before compression) is requested once the browser has painted that
 * screen: its download then never competes with the first paint, and its start-up work happens
 * behind a screen that is already there. The screen stays until the first page has rendered
 * (components/AppGate.tsx).
 */
let started = false;

function start() {
  if (started) return;
  started = true;
  void import('./main');
}

if (document.visibilityState === 'hidden') {
  // A tab opened in the background paints nothing and runs no animation frames: start now.
  start();
} else {
  // A frame callback runs just before the first paint; a task queued from it runs after it.
  requestAnimationFrame(() => setTimeout(start, 0));
  // Should no frame come soon (a browser that throttles them), start anyway.
  setTimeout(start, 500);
}
