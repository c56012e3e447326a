/** Sending the quiz, loaded by IntakePage when it needs it (see there). */
export { buildIntakePayload } from './payload';
export { submitIntake } from './submitIntake';
export { readTracking } from '../tracking/storedCampaign';
