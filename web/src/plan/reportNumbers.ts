/** The report page's numbers (spec 000 section 2, "Report page"; section 9). */
import {
  averageLossPercent,
  defaultTargetWeight,
  drugLabels,
  isValidWeight,
  type Drug,
} from '@clinic/contracts';

/** The desired_weight query parameter, else the quiz's goal weight, else 120. */
export function targetWeight(param: string | null, stored: number | null): number {
  const fromQuery = param === null || param.trim() === '' ? Number.NaN : Number(param);
  if (isValidWeight(fromQuery)) return fromQuery;
  return stored ?? defaultTargetWeight;
}

export interface LossRow {
  drug: Drug;
  label: string;
  percent: number;
  /** Current weight x (1 - average loss), to the nearest pound. */
  weightAfter: number;
}

const reportOrder: readonly Drug[] = ['semaglutide', 'tirzepatide'];

export function lossRows(currentWeight: number): LossRow[] {
  return reportOrder.map((drug) => {
    const percent = averageLossPercent[drug];
    return {
      drug,
      label: drugLabels[drug],
      percent,
      weightAfter: Math.round(currentWeight * (1 - percent / 100)),
    };
  });
}
