/**
 * The portal's Profile tab, 'Manage Account' (spec 002 sections 2, 5, 7 and 8): contact info,
 * physical info and the preferred categories (one form: POST /api/update-profile), the shipping
 * address, the password and, for an order whose assessment was submitted, the image re-upload.
 * Each form says how its save went: a success for 3 seconds, a failure until the next try.
 *
 * Loaded lazily by the portal (its own chunk): /home does not carry it until the tab is opened.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatUsDate, submittedValues, type CheckedProfile } from '@clinic/contracts';
import { accountUserOf, getSession, setSession } from '../../session/session';
import { Button } from '../../ui';
import { weightHistoryQuery } from '../dosage/weightHistoryApi';
import type { OrderItemsQuery } from '../orderItemsApi';
import { AddressForm } from './AddressForm';
import { ImageReupload, type ReuploadOrder } from './ImageReupload';
import { latestWeight } from './latestWeight';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';
import { readAddress, readProfile } from './profileApi';
import './profile.css';

export const profileTexts = {
  title: 'Manage Account',
  loading: 'Loading your profile...',
  loadFailed: 'We could not load your profile.',
} as const;

export const profileQuery = { queryKey: ['profile'] as const, queryFn: readProfile };
export const shipAddressQuery = { queryKey: ['ship-address'] as const, queryFn: readAddress };

/** The session's user takes the saved name and contact (the portal greets by first name). */
function rememberInSession(saved: CheckedProfile): void {
  const session = getSession();
  const user = accountUserOf(session?.user);
  if (!session || !user) return;
  setSession({
    token: session.token,
    user: {
      ...user,
      first_name: saved.first_name,
      last_name: saved.last_name,
      email: saved.email,
      phone: saved.phone,
      height_inch: saved.height_inch,
      weight: saved.weight,
    },
  });
}

export default function ProfileTab({ query }: { query: OrderItemsQuery }) {
  const client = useQueryClient();
  const profile = useQuery(profileQuery);
  const address = useQuery(shipAddressQuery);
  // The weights reported since sign-up: the form shows the latest (the profile's when this fails).
  const weights = useQuery(weightHistoryQuery);
  const orders = useQuery(query);

  // One entry per order whose assessment was submitted (its refills and reships share the id).
  const submitted: ReuploadOrder[] = (orders.data?.orders ?? [])
    .filter((order) => order.kind === 'first' && order.submitted !== submittedValues.notSubmitted)
    .map((order) => ({
      id: order.id,
      label: `${order.product_name ?? 'Order'} (${formatUsDate(order.created_at)})`,
    }));

  const loading = profile.isPending || address.isPending || weights.isPending;
  const failed = profile.isError || address.isError;

  return (
    <div className="portal-panel profile">
      <h2 className="portal-panel__title">{profileTexts.title}</h2>
      {loading && !failed && (
        <p className="portal-panel__note" role="status">
          {profileTexts.loading}
        </p>
      )}
      {failed && (
        <div className="portal-panel__note portal-panel__note--error" role="alert">
          <p>{profileTexts.loadFailed}</p>
          <Button
            variant="secondary"
            size="small"
            onClick={() => {
              void profile.refetch();
              void address.refetch();
            }}
          >
            Try again
          </Button>
        </div>
      )}
      {profile.data && address.isSuccess && !weights.isPending && (
        <>
          <ProfileForm
            profile={{
              ...profile.data,
              weight: latestWeight(profile.data, weights.data?.weights ?? []),
            }}
            onSaved={(saved) => {
              rememberInSession(saved);
              void client.invalidateQueries({ queryKey: profileQuery.queryKey });
            }}
          />
          <AddressForm address={address.data} />
          <PasswordForm />
          {submitted.length > 0 && <ImageReupload orders={submitted} />}
        </>
      )}
    </div>
  );
}
