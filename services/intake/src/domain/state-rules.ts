/**
 * Intake keeps the per-state rules (the setting `state-rules`, BRIEF section 4: the eligibility
 * rules are intake's). Guarantees:
 * - a change is validated by the contracts' schema (an unknown state code, a state listed twice
 *   or a missing rule changes nothing), made from the version the admin opened (another admin's
 *   change in between is a conflict), kept with who, when, before and after;
 * - the change, its line on intake's audit trail (`state-rules.change`) and its event
 *   (`state-rules-changed`, the whole rule set and version) commit together, so every service's
 *   copy follows it and nothing is changed unrecorded;
 * - readers in this process see a change at once; other processes within a second (SettingCache).
 */
import {
  stateRulesChanged,
  stateRulesSetting,
  statesAffectedBy,
  type StateRules,
  type StateRulesChange,
  type StateRulesPreview,
} from '@clinic/contracts';
import {
  defineSetting,
  SettingCache,
  SettingStore,
  type AuditStaff,
  type ServiceRuntime,
  type SettingChange,
  type SettingValue,
} from '@clinic/kit';
import { unnamedStaff } from '@clinic/identity-client';
import type { OpenWork } from './open-work';

export type StateRulesAuditAction = 'state-rules.change';

const definition = defineSetting(stateRulesSetting);

export interface StateRulesView {
  version: number;
  rules: StateRules;
  history: StateRulesChange[];
}

function changeView(change: SettingChange<StateRules>): StateRulesChange {
  return {
    version: change.version,
    before: change.before,
    after: change.after,
    changedAt: change.changedAt.toISOString(),
    changedBy: change.changedBy.name ?? unnamedStaff(change.changedBy.id),
  };
}

export class StateRulesDesk {
  private readonly store: SettingStore<typeof definition.schema>;
  private readonly cache: SettingCache<typeof definition.schema>;

  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly openWork: OpenWork,
  ) {
    this.store = new SettingStore(runtime.name, definition);
    this.cache = new SettingCache(this.store, runtime.engines.database);
  }

  /** The rules in force, at most a second old. */
  inForce(): Promise<SettingValue<StateRules>> {
    return this.cache.get();
  }

  async view(): Promise<StateRulesView> {
    const { version, value } = await this.store.read(this.runtime.db);
    const history = await this.store.history(this.runtime.db, 20);
    return { version, rules: value, history: history.map(changeView) };
  }

  /** What saving `rules` would touch: the states it moves, and the open work there. */
  async preview(rules: StateRules): Promise<Omit<StateRulesPreview, 'status'>> {
    const { value } = await this.store.read(this.runtime.db);
    const states = statesAffectedBy(value, rules);
    if (states.length === 0) return { states, openCarts: 0, openOrders: 0 };
    const [openCarts, openOrders] = await Promise.all([
      this.openWork.openCarts(states),
      this.openWork.openOrders(states),
    ]);
    return { states, openCarts, openOrders };
  }

  async change(admin: AuditStaff, fromVersion: number, rules: StateRules): Promise<StateRulesView> {
    const audit = this.runtime.audit.of<StateRulesAuditAction>();
    await this.runtime.transaction(async (tx, events) => {
      const changed = await this.store.change(tx, {
        value: rules,
        fromVersion,
        by: { id: admin.id, name: admin.name },
      });
      await audit.record(tx, admin, {
        action: 'state-rules.change',
        at: changed.changedAt,
        subject: `state-rules v${changed.version}: ${statesAffectedBy(changed.before, changed.after).join(' ') || 'no state moved'}`,
        refs: { version: changed.version },
      });
      await events.publish(stateRulesChanged, {
        version: changed.version,
        rules: changed.after,
        changedAt: changed.changedAt.toISOString(),
      });
    });
    this.cache.invalidate();
    return this.view();
  }
}
