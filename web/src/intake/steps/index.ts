import type { ComponentType } from 'react';
import { BodyStep } from './BodyStep';
import { DobStep } from './DobStep';
import { EmailStep } from './EmailStep';
import { GenderStep } from './GenderStep';
import { GoalStep } from './GoalStep';
import { NameStep } from './NameStep';
import { PhoneStep } from './PhoneStep';
import { StateStep } from './StateStep';
import type { StepProps } from './types';
import { WelcomeStep } from './WelcomeStep';

/** The nine steps of spec 000 section 2, in order (index 0 is step 1). */
export const intakeSteps: readonly { title: string; Fields: ComponentType<StepProps> }[] = [
  { title: 'Welcome! Let’s see if you qualify', Fields: WelcomeStep },
  { title: 'Which state do you live in?', Fields: StateStep },
  { title: 'What is your name?', Fields: NameStep },
  { title: 'What was your gender at birth?', Fields: GenderStep },
  { title: 'What is your mobile number?', Fields: PhoneStep },
  { title: 'What is your email address?', Fields: EmailStep },
  { title: 'How tall are you, and what do you weigh?', Fields: BodyStep },
  { title: 'What is your date of birth?', Fields: DobStep },
  { title: 'What is your goal weight?', Fields: GoalStep },
];
