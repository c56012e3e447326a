/**
 * The script index.html loads. The loading screen is index.html's own (HTML and inline CSS), so
 * nothing here is needed for it to show. The app (main.tsx, React and the router, the contracts'
 * schemas: over 300 KB before compression) is requested once the browser reports that screen on
 * the display (its first contentful paint): its download then never competes with that first
 * paint, and its start-up work happens behind a screen that is already there. The screen stays
 * until the first page has rendered (components/AppGate.tsx).
 */
let started = false;

function start() {
  if (started) return;
  started = true;
  void import('./main');
}

function startAfterFirstPaint() {
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // Reported once the frame is on the display (later than a frame callback runs).
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  } else {
    // A frame callback runs just before the first paint; a task queued from it runs after it.
    requestAnimationFrame(() => setTimeout(start, 0));
  }
  // Should no paint be reported soon (a browser that throttles frames), start anyway.
  setTimeout(start, 1500);
}

if (document.visibilityState === 'hidden') {
  // A tab opened in the background paints nothing and runs no animation frames: start now.
  start();
} else {
  startAfterFirstPaint();
  document.addEventListener('visibilitychange', start, { once: true });
}
