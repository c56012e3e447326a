/**
 * The per-state rules in force (GET /api/state-rules, intake's, at most a second old on the
 * server): which states the program does not serve, which ask for the identity video, show the
 * Florida bill of rights or the refill restriction, and where the pharmacy cannot ship. Read
 * afresh when a page opens, so an admin's change shows on the next page without a deploy.
 */
import { stateRulesInForce, type StateRules } from '@clinic/contracts';
import { callApi } from './client';

export async function fetchStateRules(): Promise<StateRules> {
  return (await callApi(stateRulesInForce)).rules;
}
