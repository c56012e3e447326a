/** What other features use of the quiz: its progress bar and the summary of the answers it kept. */
export { QuizProgress } from './QuizProgress';
export { readIntakeSummary, type IntakeSummary } from './intakeSummary';
