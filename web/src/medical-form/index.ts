/**
 * What other features use of the medical form: the dose schedule, the photo uploader and the dose
 * choices behind them (the prescription pages review and adjust the same answers).
 */
export { DoseSchedule } from './DoseSchedule';
export { ImageUploader } from './ImageUploader';
export { DEFAULT_MONTHS, type DoseContext } from './doseChoices';
