/**
 * The Profile tab's calls (spec 002 section 7), typed from the contracts: the profile
 * (GET /api/profile, POST /api/update-profile), the shipping address (verification's
 * GET/POST /api/ship-address), the password (POST /api/update-password) and the portal's image
 * re-upload (POST /api/get-signed-url, then POST /api/upload-image-again). Every answer is read
 * through the route's response schema by the API client.
 */
import {
  getProfile,
  getShipAddress,
  profileMessages,
  saveShipAddress,
  updatePassword,
  updateProfile,
  uploadImageAgain,
  type Profile,
  type ShippingAddressOut,
} from '@clinic/contracts';
import type { z } from 'zod';
import { ApiError, callApi } from '../../api/client';

export type ProfileUpdate = z.input<NonNullable<typeof updateProfile.body>>;
export type AddressUpdate = z.input<NonNullable<typeof saveShipAddress.body>>;
export type PasswordUpdate = z.input<NonNullable<typeof updatePassword.body>>;
export type ImageReupload = z.input<NonNullable<typeof uploadImageAgain.body>>;

export async function readProfile(): Promise<Profile> {
  return (await callApi(getProfile)).profile;
}

/** The server's message ('Profile updated!'). */
export async function sendProfile(body: ProfileUpdate): Promise<string> {
  return (await callApi(updateProfile, { body })).message;
}

export async function readAddress(): Promise<ShippingAddressOut | null> {
  return (await callApi(getShipAddress)).data;
}

export async function sendAddress(body: AddressUpdate): Promise<ShippingAddressOut> {
  return (await callApi(saveShipAddress, { body })).address;
}

export async function sendPassword(body: PasswordUpdate): Promise<void> {
  await callApi(updatePassword, { body });
}

export async function sendImageAgain(body: ImageReupload): Promise<void> {
  await callApi(uploadImageAgain, { body });
}

/**
 * The text of a failed save (spec 002 section 8): the message of the first field the server
 * names, else its own message, else `fallback` ('Failed to update ...'); anything that is not a
 * failed call at all (a bug in the page) says 'Oops! Something went wrong while submitting the
 * form.'.
 */
export function failureText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return profileMessages.defaultError;
  if (error.isNetwork) return fallback;
  return error.fields[0]?.message ?? error.serverMessage ?? fallback;
}
