import { adjustmentBody, scheduleOf } from './adjustDoses';

const order = (doseSchedule: number[], maintenanceDose: number | null = null) => ({
  success: true as const,
  product_id: 11,
  drug: 'tirzepatide' as const,
  doseSchedule,
  maintenanceDose,
});

describe("adjust-doses' schedule", () => {
  it('keeps a prescribed schedule, padding it to three months', () => {
    expect(scheduleOf('tirzepatide', order([5, 7.5, 10], 12.5))).toEqual({
      drug: 'tirzepatide',
      doses: ['5', '7.5', '10'],
      maintenance: '12.5',
      product_id: 11,
    });
    expect(scheduleOf('tirzepatide', order([5])).doses).toEqual(['5', '5', '5']);
  });

  it('empties a month more than one step from the one before, for the patient to choose', () => {
    expect(scheduleOf('tirzepatide', order([2.5, 7.5, 10])).doses).toEqual(['2.5', '', '10']);
  });

  it('takes the starter schedule for strengths off the ladder or another drug', () => {
    expect(scheduleOf('tirzepatide', order([3, 5, 7.5])).doses).toEqual(['2.5', '5', '7.5']);
    expect(scheduleOf('semaglutide', order([5, 7.5, 10], 12.5))).toMatchObject({
      doses: ['0.25', '0.5', '1'],
      maintenance: '2.4',
    });
  });

  it('submits the starter schedule and its maintenance when a month is missing', () => {
    const body = adjustmentBody({
      formId: '5',
      schedule: {
        drug: 'semaglutide',
        doses: ['0.5', '', '1'],
        maintenance: '1.7',
        product_id: null,
      },
      photo: 'p.png',
      patient: { first_name: 'Ana', last_name: undefined, email: '' },
    });
    expect(body).toMatchObject({
      patientPreference: [0.25, 0.5, 1],
      selectedDoses: [0.25, 0.5, 1],
      maintanenceDose: 2.4,
      userInfo: { first_name: 'Ana' },
      productPurchased: 'Semaglutide',
    });
    expect(body).not.toHaveProperty('product_id');
  });
});
