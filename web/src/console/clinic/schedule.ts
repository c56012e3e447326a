/** The approve form's starting values, from what the patient asked for. */
import {
  ladderStep,
  maxScheduleMonths,
  maxVials,
  starterSchedules,
  vialsPerShipment,
  type CaseView,
  type Drug,
} from '@clinic/contracts';

export interface ScheduleDraft {
  drug: Drug;
  months: number[];
  maintenance: number | null;
  vials: number;
}

const onLadder = (drug: Drug, strength: number) => ladderStep(drug, strength) >= 0;

/**
 * The schedule the approve form starts from: the patient's adjustment when the case came back
 * for one, else their dose preference from the assessment, else the drug's starter schedule.
 * Strengths not on the ordered drug's ladder fall back to the starter values.
 */
export function draftFrom(view: CaseView): ScheduleDraft {
  const drug = view.case.drug;
  const starter = starterSchedules[drug];
  const wanted = view.adjustment?.doseSchedule ?? view.assessment?.doseSchedulePreference ?? [];
  const months =
    wanted.length > 0 && wanted.every((m) => onLadder(drug, m))
      ? wanted.slice(0, maxScheduleMonths)
      : [...starter.months];
  const keep = view.adjustment?.maintenanceDose ?? view.assessment?.maintenancePreference ?? null;
  const maintenance = keep !== null && onLadder(drug, keep) ? keep : starter.maintenance;
  // A vial a month of the plan; the monthly plan's first shipment still carries 3 (spec 001).
  const vials = Math.min(maxVials, Math.max(vialsPerShipment, view.case.paymentTerms));
  return { drug, months, maintenance, vials };
}

/** The starter schedule of another drug, as long as the current one. */
export function switchDrug(draft: ScheduleDraft, drug: Drug): ScheduleDraft {
  const starter = starterSchedules[drug];
  const months = draft.months.map(
    (_, m) => starter.months[Math.min(m, starter.months.length - 1)] as number,
  );
  return { ...draft, drug, months, maintenance: starter.maintenance };
}

/**
 * The plain default directions. The month-by-month strengths are not repeated here: the clinic
 * adds the schedule to the directions the patient is shown.
 */
export const defaultDirections =
  'Inject under the skin of your belly, thigh or upper arm once a week, on the same day each week. Use a new spot each time.';
