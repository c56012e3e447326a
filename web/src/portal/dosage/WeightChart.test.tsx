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

  it('reads the time axis in days: two weights of one morning sit on "Nov 27", no hours', async () => {
    Plot.mockClear();
    const morning = (hour: number, minute: number) =>
      new Date(2026, 10, 27, hour, minute).toISOString();
    const view = await render(
      <WeightChart
        weights={[
          { at: morning(3, 50), pounds: 240, source: 'intake' },
          { at: morning(4, 9), pounds: 190, source: 'assessment' },
        ]}
      />,
    );
    type Axis = {
      splits: (u: unknown, axis: number, min: number, max: number) => number[];
      values: (u: unknown, ticks: number[]) => string[];
    };
    const [options, data] = Plot.mock.calls[0] as [
      {
        scales: { x: { range: (u: unknown, min: number, max: number) => [number, number] } };
        axes: Axis[];
      },
      number[][],
    ];
    const times = data[0]!;
    const [from, to] = options.scales.x.range(null, times[0]!, times[1]!);
    const x = options.axes[0]!;
    const ticks = x.splits({ width: 390 }, 0, from, to);
    expect(x.values(null, ticks)).toEqual(['Nov 26', 'Nov 27', 'Nov 28']);
    await view.unmount();
  });
});
