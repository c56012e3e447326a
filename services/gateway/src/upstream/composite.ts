import type { ServiceName } from '@clinic/contracts';
import { startingGate, type Readiness } from '@clinic/kit';
import type { Upstream } from './upstream';

/**
 * Cluster mode's gateway: its own services (the order view) run in this process, every other
 * service is proxied. Readiness is both sides'.
 */
export class CompositeUpstream implements Upstream {
  constructor(
    private readonly local: Upstream,
    private readonly localServices: ReadonlySet<ServiceName>,
    private readonly remote: Upstream,
  ) {}

  forward: Upstream['forward'] = (service, req, res, next) =>
    (this.localServices.has(service) ? this.local : this.remote).forward(service, req, res, next);

  async readiness(): Promise<Readiness> {
    const [remote, local] = await Promise.all([this.remote.readiness(), this.local.readiness()]);
    return { ...remote, ...local };
  }
}

/**
 * A service of this process that is still starting (its engines opening, its schema migrating):
 * its calls answer 503 naming what it waits for, its readiness is the start-up's, until `ready`
 * hands over to the running service.
 */
export class StartingUpstream implements Upstream {
  private running: Upstream | undefined;
  private readonly gate;

  constructor(
    private readonly name: ServiceName,
    private readonly progress: () => Record<string, string>,
    waitingFor: () => string[],
  ) {
    this.gate = startingGate(waitingFor);
  }

  ready(running: Upstream): void {
    this.running = running;
  }

  forward: Upstream['forward'] = (service, req, res, next) =>
    this.running ? this.running.forward(service, req, res, next) : this.gate(req, res, next);

  async readiness(): Promise<Readiness> {
    return this.running ? this.running.readiness() : { [this.name]: this.progress() };
  }
}
