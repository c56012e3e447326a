import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { progressKey } from '../medical-form/progressStore';
import { LOADER_STATE_KEY } from '../medical-form/loaderState';
import { browserKeys, forgetPatient, medicalFormKeyPrefix, trackingCookie } from './browserStorage';

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

  it('names every key the app keeps in the browser: no store spells its own', () => {
    const known: string[] = [...Object.values(browserKeys), trackingCookie];
    const strays: string[] = [];
    for (const file of sources(srcDir)) {
      if (file.endsWith(join('session', 'browserStorage.ts'))) continue;
      // The privacy policy names the keys in its prose: the registry's names, nothing else.
      const prose = file.includes(join('legal', 'documents'));
      const text = readFileSync(file, 'utf8');
      // A quote or backquote, then a name as a store would write it: `clinic.x` or `clinic_x`.
      for (const [, key] of text.matchAll(/[`'"](clinic[._][\w.-]*)/g)) {
        if (!key || (prose && (known.includes(key) || key.startsWith(medicalFormKeyPrefix))))
          continue;
        strays.push(`${key} (${file.slice(srcDir.length + 1)})`);
      }
    }
    expect(strays).toEqual([]);
  });
});
