import type { NextFunction, Request, Response } from 'express';
import type { ServiceName } from '@clinic/contracts';
import type { Readiness } from '@clinic/kit';

/** Where the gateway sends a request once the routing table has named its service. */
export interface Upstream {
  forward(service: ServiceName, req: Request, res: Response, next: NextFunction): void;
  readiness(): Promise<Readiness>;
}
