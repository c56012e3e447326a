import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { progressKey } from '../medical-form/progressStore';
import { LOADER_STATE_KEY } from '../medical-form/loaderState';
import {
  deviceKeys,
  forgetPatient,
  patientCookies,
  patientKeyPrefixes,
  patientKeys,
} from './browserStorage';

/** What a patient leaves in the browser: the quiz at step 9, a paid checkout, a form begun. */
function arrangeAPatientsBrowser(): void {
  sessionStorage.setItem(
    'clinic.intake',
    JSON.stringify({
      step: 9,
      draft: { firstName: 'Jordan', email: 'jordan@example.com', phone: '5125550147' },
    }),
  );
  sessionStorage.setItem('clinic.offers', '{"sema_offer":"A","tir_offer":"B"}');
  sessionStorage.setItem('clinic.preauths', '[{"orderId":41}]');
  sessionStorage.setItem('clinic.c_id', 'aff-123');
  sessionStorage.setItem('clinic.tracking_session_id', 'visit-1');
  localStorage.setItem('clinic.session', '{"token":"t","user":{"id":41}}');
  localStorage.setItem('clinic.cart', '[{"id":1}]');
  localStorage.setItem('clinic.chat-profile', '{"first_name":"Jordan"}');
  localStorage.setItem(progressKey('41'), '{"answers":{"0":"No"}}');
  localStorage.setItem(`${progressKey('41')}.backup.1`, '{}');
  localStorage.setItem(LOADER_STATE_KEY, '{}');
  localStorage.setItem('clinic.products', '{}');
  localStorage.setItem('clinic.privacy.opt_out', 'true');
  document.cookie = 'clinic_tracking=%7B%22utm_source%22%3A%22fb%22%7D; path=/';
}

describe('Log Out forgets the patient', () => {
  it('removes every key the patient left, in both storages, and the campaign cookie', () => {
    localStorage.clear();
    sessionStorage.clear();
    arrangeAPatientsBrowser();
    forgetPatient();
    expect(Object.keys({ ...sessionStorage })).toEqual([]);
    expect(Object.keys({ ...localStorage }).sort()).toEqual([
      'clinic.privacy.opt_out',
      'clinic.products',
    ]);
    expect(document.cookie).not.toContain('clinic_tracking');
  });
});

describe('the registry of browser keys', () => {
  const srcDir = join(__dirname, '..');
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sources(path);
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !path.includes('/testing/')
        ? [path]
        : [];
    });

  it('knows every key the app writes to the browser: each is the patient’s or the device’s', () => {
    const known = [...patientKeys, ...deviceKeys];
    const unknown: string[] = [];
    const found = new Set<string>();
    for (const file of sources(srcDir)) {
      const text = readFileSync(file, 'utf8');
      for (const [, key] of text.matchAll(/[`'"](clinic[._][\w.-]*)/g)) {
        if (!key) continue;
        found.add(key);
        if (known.includes(key)) continue;
        if (patientKeyPrefixes.some((prefix) => key.startsWith(prefix))) continue;
        if (patientCookies.includes(key)) continue;
        unknown.push(`${key} (${file.slice(srcDir.length + 1)})`);
      }
    }
    expect(unknown).toEqual([]);
    // The scan reads the stores themselves (it would pass vacuously otherwise).
    expect([...found]).toEqual(expect.arrayContaining([...known, ...patientCookies]));
  });
});
