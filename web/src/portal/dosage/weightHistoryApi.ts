/**
 * The patient's reported weights (GET /api/weight-history), for the Dosage tab's progress
 * section. Only the Dosage tab imports this (it loads lazily with the tab), and the call with
 * its schema loads with the query (weightHistoryLoad), as the portal's orders do.
 */
import { queryOptions } from '@tanstack/react-query';

export const weightHistoryQuery = queryOptions({
  queryKey: ['weight-history'] as const,
  queryFn: async () => (await import('./weightHistoryLoad')).loadWeightHistory(),
});
