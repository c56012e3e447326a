/**
 * What a change of the per-state rules would touch, asked of the services that own it: open
 * carts (checkout) and open orders (forms) in some states. In single-node mode the counts run
 * in-process on those services' own databases; in cluster mode over HTTP to their internal
 * routes with the cluster's internal token (HttpOpenWork). Counts only: never who.
 */
import { openWorkCountSchema, stateRulesInternalPaths, type ServiceName } from '@clinic/contracts';
import { InternalClient, UpstreamFailedError, type PrincipalSigner } from '@clinic/kit';

export interface OpenWork {
  /** Unpaid carts of patients whose shipping address is in one of `states`. */
  openCarts(states: readonly string[]): Promise<number>;
  /** Paid orders in one of `states` still in medical review or awaiting the patient. */
  openOrders(states: readonly string[]): Promise<number>;
}

export class HttpOpenWork implements OpenWork {
  private readonly checkout: InternalClient;
  private readonly forms: InternalClient;

  constructor(
    urls: { checkout: string; forms: string },
    principals: PrincipalSigner,
    timeoutMs = 5000,
  ) {
    // The admin is told the preview could not be counted, never the call's internals.
    const client = (service: ServiceName, url: string) =>
      new InternalClient(
        service,
        url,
        principals,
        timeoutMs,
        () =>
          new UpstreamFailedError(
            `The ${service} service did not answer the count. Try the preview again in a moment.`,
          ),
      );
    this.checkout = client('checkout', urls.checkout);
    this.forms = client('forms', urls.forms);
  }

  async openCarts(states: readonly string[]): Promise<number> {
    const answer = await this.checkout.call(
      stateRulesInternalPaths.openCarts,
      { states },
      openWorkCountSchema,
    );
    return answer.count;
  }

  async openOrders(states: readonly string[]): Promise<number> {
    const answer = await this.forms.call(
      stateRulesInternalPaths.openOrders,
      { states },
      openWorkCountSchema,
    );
    return answer.count;
  }
}
