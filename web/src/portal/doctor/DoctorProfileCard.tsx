import { useQuery } from '@tanstack/react-query';
import { doctorProfileQuery } from './doctorApi';

/** "Dr. Maria Alvarez, MD" -> "MA": the placeholder of a doctor without a photo. */
export function initialsOf(name: string): string {
  const words = name
    .replace(/^(dr\.?|doctor)\s+/i, '')
    .replace(/,.*$/, '')
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w));
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/**
 * The doctor of the newest visit (GET /api/get-doc-profile/{encounterId}): photo (or initials),
 * name, NPI and bio. Spec 002: a failure to load it is kept silent, so nothing shows then.
 */
export function DoctorProfileCard({ encounterId }: { encounterId: string }) {
  const profile = useQuery(doctorProfileQuery(encounterId));
  if (!profile.data) return null;
  const { name, npi, bio, image } = profile.data;
  return (
    <section className="doctor-card card" aria-label="Your doctor">
      {image ? (
        <img className="doctor-card__photo" src={image} alt={`Photo of ${name}`} />
      ) : (
        <span className="doctor-card__photo doctor-card__initials" aria-hidden="true">
          {initialsOf(name)}
        </span>
      )}
      <div className="doctor-card__text">
        <p className="doctor-card__eyebrow">Your doctor</p>
        <h3 className="doctor-card__name">{name}</h3>
        {npi && <p className="doctor-card__npi">NPI {npi}</p>}
      </div>
      {bio && <p className="doctor-card__bio">{bio}</p>}
    </section>
  );
}
