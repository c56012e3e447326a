/** What other features use of the plan page: saving the chosen plan as the cart. */
export { savePlan } from './savePlan';
