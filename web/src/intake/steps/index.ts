import { lazy, type ComponentType } from 'react';
import type { StepProps } from './types';
import { WelcomeStep } from './WelcomeStep';

/**
 * Steps 2 to 9 are not on the quiz's first screen: they come in one download of their own
 * (later.ts), which IntakePage fetches once step 1 shows, so Continue finds them there. A step
 * whose code has not arrived holds the previous one on screen (steps change by navigation, a
 * transition); a reload that resumes on a later step waits for it behind the loading screen.
 */
export const loadLaterSteps = () => import('./later');

type LaterStep = keyof Awaited<ReturnType<typeof loadLaterSteps>>;

const later = (name: LaterStep): ComponentType<StepProps> =>
  lazy(() => loadLaterSteps().then((steps) => ({ default: steps[name] })));

/** The nine steps of spec 000 section 2, in order (index 0 is step 1). */
export const intakeSteps: readonly { title: string; Fields: ComponentType<StepProps> }[] = [
  { title: 'Welcome! Let’s see if you qualify', Fields: WelcomeStep },
  { title: 'Which state do you live in?', Fields: later('StateStep') },
  { title: 'What is your name?', Fields: later('NameStep') },
  { title: 'What was your gender at birth?', Fields: later('GenderStep') },
  { title: 'What is your mobile number?', Fields: later('PhoneStep') },
  { title: 'What is your email address?', Fields: later('EmailStep') },
  { title: 'How tall are you, and what do you weigh?', Fields: later('BodyStep') },
  { title: 'What is your date of birth?', Fields: later('DobStep') },
  { title: 'What is your goal weight?', Fields: later('GoalStep') },
];
