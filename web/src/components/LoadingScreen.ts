/**
 * The loading screen (spec 002, "Other portal elements"): painted by `index.html` itself, with
 * its percentage, blur and fade in CSS, so it shows before any script has downloaded. The app
 * only ends it.
 */

/** The element `index.html` paints. */
export const LOADING_SCREEN_ID = 'loading-screen';

/** Removes the loading screen (once; later calls, and pages without it, do nothing). */
export function endLoadingScreen(doc: Document = document): void {
  doc.getElementById(LOADING_SCREEN_ID)?.remove();
}
