/**
 * How a button is drawn, read from the browser's computed style: a disabled one must not look
 * like its enabled self, and its text must stay readable (WCAG's 4.5:1 for normal text).
 */
import { expect, type Locator } from '@playwright/test';

export interface ButtonLook {
  background: string;
  color: string;
  opacity: number;
}

export async function buttonLook(button: Locator): Promise<ButtonLook> {
  return button.evaluate(async (el) => {
    // As it settles: the kit's buttons change colour with a short transition.
    await Promise.all(el.getAnimations().map((animation) => animation.finished));
    const style = getComputedStyle(el);
    return {
      background: style.backgroundColor,
      color: style.color,
      opacity: Number(style.opacity),
    };
  });
}

/** [r, g, b, alpha] of a computed `rgb(...)` / `rgba(...)` colour. */
function channels(css: string): [number, number, number, number] {
  const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b, a];
}

function luminance([r, g, b]: readonly number[]): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r ?? 0) + 0.7152 * linear(g ?? 0) + 0.0722 * linear(b ?? 0);
}

/** The contrast of the text on its fill (a transparent fill shows the white page), opacity applied. */
export function textContrast(look: ButtonLook): number {
  const page = [255, 255, 255];
  const over = (top: number[], alpha: number, under: number[]) =>
    top.map((c, i) => c * alpha + (under[i] ?? 255) * (1 - alpha));
  const [br = 0, bg = 0, bb = 0, ba = 1] = channels(look.background);
  const [tr = 0, tg = 0, tb = 0, ta = 1] = channels(look.color);
  const fill = over([br, bg, bb], ba, page);
  const text = over([tr, tg, tb], ta, fill);
  // The element's opacity lays the fill and the text, together, over the page.
  const [light = 0, dark = 0] = [
    luminance(over(text, look.opacity, page)),
    luminance(over(fill, look.opacity, page)),
  ].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The disabled button is drawn apart from the enabled one, and its text is still readable. */
export function expectLooksDisabled(disabled: ButtonLook, enabled: ButtonLook): void {
  expect(disabled.background).not.toBe(enabled.background);
  expect(disabled.color).not.toBe(enabled.color);
  expect(textContrast(disabled)).toBeGreaterThanOrEqual(4.5);
}
