/**
 * The words of "Report a side effect" (issue 31, item 4): the form's questions (the choices'
 * labels are the contract's, rules/side-effect-triage) and the headings of its three answers.
 * US English, plain words. Apart from careTexts so they come with the form's own download.
 */
export const sideEffectTexts = {
  title: 'Report a side effect',
  emergency: 'In an emergency, call 911 now.',
  symptom: 'What are you noticing?',
  chooseOne: 'Choose one',
  severity: 'How bad is it?',
  duration: 'How long has it lasted?',
  redFlags: 'Do you have any of these?',
  noneOfThese: 'None of these? Leave them all unticked.',
  send: 'Send to my care team',
  sending: 'Sending...',
  cancel: 'Cancel',
  urgentTitle: 'Stop your medication and get help now',
  call911: 'Call 911',
  call988: 'Call or text 988',
  urgentFollowUp: (hours: number) =>
    `Your clinician has been told and will contact you within ${hours} hours.`,
  clinicianTitle: 'Your clinician will review this',
  dueBy: (when: string) => `Expect their answer by ${when}.`,
  selfCareTitle: 'What helps',
  done: 'Done',
} as const;
