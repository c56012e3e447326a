/**
 * The address calls of /verify (spec 000 section 7): validate the stored address (the id in the
 * path must be the caller's), validate a typed one, save and read the shipping address.
 */
import type { Router } from 'express';
import {
  getShipAddress,
  poBoxMessage,
  saveShipAddress,
  validateAddress,
  validateStoredAddress,
  verificationMessages,
} from '@clinic/contracts';
import { HttpError, bindRoute } from '@clinic/kit';
import type { ShippingAddresses } from '../domain/shipping-addresses';

export function addressRoutes(router: Router, addresses: ShippingAddresses): void {
  bindRoute(router, validateStoredAddress, async ({ params, principal }) => {
    if (params.userId !== principal.userId)
      throw new HttpError(403, verificationMessages.otherAccount);
    return { status: 'success' as const, data: await addresses.validateStored(principal.userId) };
  });

  bindRoute(router, validateAddress, async ({ body }) => {
    const { savable: _savable, ...check } = await addresses.validate(body);
    // A P.O. box has one reason and no correction: the form says that reason, not "check it".
    const poBox = check.problems.some((p) => p.message === poBoxMessage);
    const message = check.valid
      ? check.suggestions.length > 0
        ? verificationMessages.suggestion
        : null
      : check.suggestions.length > 0
        ? verificationMessages.suggestion
        : poBox
          ? poBoxMessage
          : verificationMessages.checkAddress;
    return { status: 'success' as const, ...check, message };
  });

  bindRoute(router, saveShipAddress, async ({ body, principal }) => ({
    status: 'success' as const,
    message: verificationMessages.addressUpdated,
    address: await addresses.save(principal.userId, body),
  }));

  bindRoute(router, getShipAddress, async ({ principal }) => ({
    status: 'success' as const,
    data: await addresses.stored(principal.userId),
  }));
}
