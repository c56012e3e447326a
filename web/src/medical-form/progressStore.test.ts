import {
  backupKey,
  clearProgress,
  loadProgress,
  progressKey,
  PROGRESS_VERSION,
  saveProgress,
  type ProgressRecord,
} from './progressStore';

const HOUR = 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 24, 12, 0, 0);

function record(overrides: Partial<ProgressRecord> = {}, at = now): ProgressRecord {
  return {
    currentQuestionIndex: 2,
    currentQuestionId: '8_3',
    answers: { '8': 'Yes', '7': ['Diabetes'] },
    multipleChoiceAnswers: { '7': ['Diabetes'] },
    currentAnswer: null,
    maintanenceDose: '10',
    selectedDoses: ['2.5', '5', '7.5'],
    selectedDrug: 'tirzepatide',
    productPurchased: 'tirzepatide',
    months: 3,
    savedAt: at,
    sessionId: 's1',
    url: '/medical-form/5?type=medical',
    userAgent: 'jest',
    crashRecovery: {
      lastActiveTimestamp: at,
      pageLoadTimestamp: at - HOUR,
      totalAnswersCount: 2,
      isFormComplete: false,
    },
    version: PROGRESS_VERSION,
    ...overrides,
  };
}

let info: jest.SpyInstance;
beforeEach(() => {
  localStorage.clear();
  info = jest.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(() => info.mockRestore());

describe('saved progress', () => {
  it('restores what was saved, under a key of the form', () => {
    saveProgress('5', record());
    expect(localStorage.getItem(progressKey('5'))).not.toBeNull();
    expect(loadProgress('5', now)).toEqual({
      record: record(),
      from: 'main',
      crashSuspected: false,
    });
    expect(loadProgress('6', now)).toBeNull();
  });

  it('keeps the three newest earlier saves as backups, newest first', () => {
    for (let n = 1; n <= 5; n += 1) saveProgress('5', record({ currentQuestionIndex: n }));
    const backups = [0, 1, 2].map(
      (n) =>
        (JSON.parse(localStorage.getItem(backupKey('5', n))!) as ProgressRecord)
          .currentQuestionIndex,
    );
    expect(backups).toEqual([4, 3, 2]);
    expect(localStorage.getItem(backupKey('5', 3))).toBeNull();
  });

  it('tries the backups, newest first, when the main record is unreadable, and clears what is invalid', () => {
    for (let n = 1; n <= 4; n += 1) saveProgress('5', record({ currentQuestionIndex: n }));
    localStorage.setItem(progressKey('5'), '{not json');
    expect(loadProgress('5', now)).toMatchObject({
      from: 'backup.0',
      record: { currentQuestionIndex: 3 },
    });
    expect(localStorage.getItem(progressKey('5'))).toBeNull();

    localStorage.setItem(backupKey('5', 0), JSON.stringify({ version: '1.0', answers: 'x' }));
    expect(loadProgress('5', now)).toMatchObject({
      from: 'backup.1',
      record: { currentQuestionIndex: 2 },
    });
    expect(localStorage.getItem(backupKey('5', 0))).toBeNull();
  });

  it('clears an invalid record', () => {
    localStorage.setItem(progressKey('5'), JSON.stringify({ ...record(), version: '0.9' }));
    expect(loadProgress('5', now)).toBeNull();
    expect(localStorage.getItem(progressKey('5'))).toBeNull();
  });

  it('discards and clears progress older than 168 hours, backups included', () => {
    saveProgress('5', record({}, now - 169 * HOUR));
    saveProgress('5', record({}, now - 168 * HOUR - 1));
    expect(loadProgress('5', now)).toBeNull();
    expect(localStorage.getItem(progressKey('5'))).toBeNull();
    expect(localStorage.getItem(backupKey('5', 0))).toBeNull();

    saveProgress('5', record({}, now - 167 * HOUR));
    expect(loadProgress('5', now)?.from).toBe('main');
  });

  it('flags a probable crash (inactive over 5 minutes, unfinished) in the log, without any answer', () => {
    const at = now - 6 * 60 * 1000;
    saveProgress('5', record({ answers: { '21_2': 'Penicillin' } }, at));
    const restored = loadProgress('5', now);
    expect(restored?.crashSuspected).toBe(true);
    expect(info).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(info.mock.calls[0])).not.toContain('Penicillin');

    info.mockClear();
    saveProgress('5', record({}, now - 4 * 60 * 1000));
    expect(loadProgress('5', now)?.crashSuspected).toBe(false);
    saveProgress(
      '5',
      record({
        crashRecovery: { ...record().crashRecovery, lastActiveTimestamp: at, isFormComplete: true },
      }),
    );
    expect(loadProgress('5', now)?.crashSuspected).toBe(false);
    expect(info).not.toHaveBeenCalled();
  });

  it('clears everything of the form after submit', () => {
    for (let n = 1; n <= 3; n += 1) saveProgress('5', record());
    saveProgress('6', record());
    clearProgress('5');
    expect(Object.keys(localStorage).filter((k) => k.includes('.5'))).toEqual([]);
    expect(loadProgress('6', now)).not.toBeNull();
  });
});
