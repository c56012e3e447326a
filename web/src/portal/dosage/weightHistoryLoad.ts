/** GET /api/weight-history through the contract (its zod schema parses the answer). */
import { weightHistory } from '@clinic/contracts';
import { callApi } from '../../api/client';

export function loadWeightHistory() {
  return callApi(weightHistory);
}
