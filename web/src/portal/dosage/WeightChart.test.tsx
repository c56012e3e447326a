import uPlot from 'uplot';
import { render } from '../../test-utils/render';
import { WeightChart } from './WeightChart';

// uPlot draws on a canvas jsdom lacks: what it is given is what matters here.
jest.mock('uplot', () => {
  const destroy = jest.fn();
  return { __esModule: true, default: jest.fn(() => ({ destroy, setSize: jest.fn() })) };
});
const Plot = uPlot as unknown as jest.Mock;

describe('WeightChart', () => {
  it('draws the weights over time (seconds) into its own box, hidden from assistive technology, and lets go on unmount', async () => {
    const view = await render(
      <WeightChart
        weights={[
          { at: '2026-08-01T12:00:00.000Z', pounds: 212, source: 'intake' },
          { at: '2026-09-01T12:00:00.000Z', pounds: 204, source: 'refill' },
        ]}
      />,
    );
    expect(Plot).toHaveBeenCalledTimes(1);
    const [options, data, target] = Plot.mock.calls[0] as [
      { series: { label?: string }[] },
      number[][],
      HTMLElement,
    ];
    expect(data).toEqual([
      [
        Date.parse('2026-08-01T12:00:00.000Z') / 1000,
        Date.parse('2026-09-01T12:00:00.000Z') / 1000,
      ],
      [212, 204],
    ]);
    expect(options.series[1]?.label).toBe('Weight');
    expect(target.getAttribute('aria-hidden')).toBe('true');
    const plot = Plot.mock.results[0]?.value as { destroy: jest.Mock };
    await view.unmount();
    expect(plot.destroy).toHaveBeenCalled();
  });
});
