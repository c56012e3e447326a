/** Steps 2 to 9: one download, fetched once the quiz's first screen shows (steps/index.ts). */
export { BodyStep } from './BodyStep';
export { DobStep } from './DobStep';
export { EmailStep } from './EmailStep';
export { GenderStep } from './GenderStep';
export { GoalStep } from './GoalStep';
export { NameStep } from './NameStep';
export { PhoneStep } from './PhoneStep';
export { StateStep } from './StateStep';
