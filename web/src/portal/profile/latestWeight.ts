/**
 * The weight the Profile tab shows: the one the patient reported last. That is a medical
 * assessment's or refill check-in's current weight (forms' weight history) when it came after
 * the profile's own weight was set, else the profile's (the intake quiz's, or one the patient
 * typed here; weight_at says when).
 */
import type { Profile, WeightEntry } from '@clinic/contracts';

export function latestWeight(
  profile: Pick<Profile, 'weight' | 'weight_at'>,
  reports: readonly WeightEntry[],
): number | null {
  const since = profile.weight_at ? Date.parse(profile.weight_at) : -Infinity;
  let latest: WeightEntry | null = null;
  for (const report of reports) {
    // The history's "intake" point is the profile's own weight, read from identity.
    if (report.source === 'intake' || !(Date.parse(report.at) > since)) continue;
    if (!latest || Date.parse(report.at) >= Date.parse(latest.at)) latest = report;
  }
  return latest ? latest.pounds : profile.weight;
}
