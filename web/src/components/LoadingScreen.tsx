import { useEffect, useState } from 'react';
import { BRAND_NAME } from '../brand';
import { LogoMark } from './Logo';
import './LoadingScreen.css';

/** Spec 002, "Other portal elements": the counter ticks every 30 ms, one step per tick. */
export const LOADING_TICK_MS = 30;
const MAX_BLUR_PX = 30;

/** Counts from 0 to 100, one step every `tickMs`, and stops at 100. */
export function useLoadingCounter(tickMs = LOADING_TICK_MS): number {
  const [count, setCount] = useState(0);
  const done = count >= 100;
  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => setCount((value) => Math.min(100, value + 1)), tickMs);
    return () => clearInterval(timer);
  }, [tickMs, done]);
  return count;
}

/** Maps `value` from one range to another (0..100 to blur px, 0..100 to opacity). */
function scale(value: number, inMax: number, outFrom: number, outTo: number): number {
  return outFrom + ((outTo - outFrom) * value) / inMax;
}

/**
 * The start-up screen: the brand panel comes into focus (blur decreasing) while the percentage
 * fades out as it climbs to 100.
 */
export function LoadingScreen({ progress }: { progress: number }) {
  const blur = scale(progress, 100, MAX_BLUR_PX, 0);
  const opacity = scale(progress, 100, 1, 0);
  return (
    <div
      className="loading-screen"
      role="progressbar"
      aria-label={`Loading ${BRAND_NAME}`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={progress}
    >
      <div className="loading-screen__backdrop" style={{ filter: `blur(${blur}px)` }}>
        <div className="loading-screen__brand">
          <span className="loading-screen__mark">
            <LogoMark size={64} />
          </span>
          <span className="loading-screen__name">{BRAND_NAME}</span>
          <span className="loading-screen__tagline">Physician-supervised weight loss</span>
        </div>
      </div>
      <div className="loading-screen__percent" style={{ opacity }} aria-hidden="true">
        {progress}%
      </div>
    </div>
  );
}
