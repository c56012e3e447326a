/**
 * Care between shipments (issue 31) through the contract (contracts/api/care.ts): the "This
 * week" card (GET /api/care/this-week), the dose log (GET /api/care/doses), the injection day
 * (PUT /api/care/injection-day), "I took my dose" (POST /api/care/doses) and "Report a side
 * effect" (POST /api/care/side-effects). Only lazily loaded parts import this (the card, which
 * /home loads after the page, and the Dosage tab), so the care schemas never come with /home's
 * first load.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  careThisWeek,
  doseLog,
  logDose,
  reportSideEffect,
  saveInjectionDay,
  type SideEffectReport,
} from '@clinic/contracts';
import { ApiError, callApi, type CallInput } from '../../api/client';
import { weightHistoryQuery } from '../dosage/weightHistoryApi';

export const thisWeekQuery = queryOptions({
  queryKey: ['care', 'this-week'] as const,
  queryFn: () => callApi(careThisWeek),
});

export const doseLogQuery = queryOptions({
  queryKey: ['care', 'doses'] as const,
  queryFn: async () => (await callApi(doseLog)).doses,
});

export type InjectionDayBody = CallInput<typeof saveInjectionDay>['body'];
export type LogDoseBody = CallInput<typeof logDose>['body'];
export type SideEffectBody = CallInput<typeof reportSideEffect>['body'];

/** Saves the injection day; the answer is the card's new state, kept as the query's data. */
export async function saveDay(client: QueryClient, body: InjectionDayBody): Promise<void> {
  const week = await callApi(saveInjectionDay, { body });
  client.setQueryData(thisWeekQuery.queryKey, week);
}

/** Logs a dose, then refreshes what it changes: the card, the dose log and the weights. */
export async function postDose(client: QueryClient, body: LogDoseBody): Promise<void> {
  await callApi(logDose, { body });
  await Promise.all([
    client.invalidateQueries({ queryKey: thisWeekQuery.queryKey }),
    client.invalidateQueries({ queryKey: doseLogQuery.queryKey }),
    client.invalidateQueries({ queryKey: weightHistoryQuery.queryKey }),
  ]);
}

/** Reports a side effect; the answer is its triage: what the patient is told at once. */
export async function postSideEffect(body: SideEffectBody): Promise<SideEffectReport> {
  return (await callApi(reportSideEffect, { body })).report;
}

/**
 * The words of a refused call: a 400 that names its fields says what each needs (the contract's
 * messages, not the server's technical summary); anything else, its own message.
 */
export function refusalText(failure: unknown): string {
  if (failure instanceof ApiError && failure.fields.length > 0)
    return [...new Set(failure.fields.map((f) => f.message))].join(' ');
  return failure instanceof Error ? failure.message : String(failure);
}
