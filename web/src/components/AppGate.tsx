import { useLayoutEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { endLoadingScreen } from './LoadingScreen';

/**
 * The root of the route map. Pages are downloaded on demand and nothing above them shows a
 * fallback, so React commits this together with the first page once its code is there: the
 * layout effect then ends the loading screen of `index.html` in the frame the first real screen
 * paints, however far its percentage got.
 */
export function AppGate() {
  useLayoutEffect(() => endLoadingScreen(), []);
  return <Outlet />;
}
