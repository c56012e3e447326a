import { progressKey } from '../medical-form/progressStore';
import { LOADER_STATE_KEY } from '../medical-form/loaderState';
import { clearHealthDrafts } from './logOut';

describe('Log Out', () => {
  it("removes the medical form's saved answers and loader state, and nothing else", () => {
    localStorage.clear();
    localStorage.setItem(progressKey('41'), '{"answers":{"0":"No"}}');
    localStorage.setItem(`${progressKey('41')}.backup.1`, '{}');
    localStorage.setItem(LOADER_STATE_KEY, '{}');
    localStorage.setItem('clinic.products', '{}');
    clearHealthDrafts();
    expect(Object.keys({ ...localStorage })).toEqual(['clinic.products']);
  });
});
