import type { Product } from '@clinic/contracts';
import type { IntakeDraft } from '../draft';
import { INTAKE_KEY } from '../intakeStore';

/** A quiz answered in full and valid: 5 ft 6 in, 200 lbs (BMI 32.3), goal 160. */
export const validDraft: IntakeDraft = {
  agreedToTerms: true,
  state: 'CA',
  firstName: 'Jane',
  lastName: 'Doe',
  gender: 'Female',
  phone: { areaCode: '555', prefix: '123', line: '4567' },
  email: 'Jane.Doe@Example.com',
  emailConsent: true,
  feet: '5',
  inches: '6',
  weight: '200',
  dobMonth: '4',
  dobDay: '12',
  dobYear: '1985',
  desiredWeight: '160',
};

/** Puts a quiz in progress in sessionStorage, as a reload would find it. */
export function storeIntake(step: number, patch: Partial<IntakeDraft> = {}): void {
  sessionStorage.setItem(INTAKE_KEY, JSON.stringify({ step, draft: { ...validDraft, ...patch } }));
}

/** The seeded catalog's plan products (services/checkout migration 0001). */
export function planProduct(
  id: number,
  drug: 'semaglutide' | 'tirzepatide',
  planId: string,
  variant: string,
): Product {
  const tirz = drug === 'tirzepatide';
  return {
    id,
    name: tirz ? 'Tirzepatide' : 'Semaglutide',
    sku: planId,
    stripe_id: planId,
    category: 'primary',
    is_prescription: true,
    image_pre_text: 'Compound Medication',
    drug,
    offer_variant: variant,
    pricing: { retail_price: tirz ? 349.97 : 249.97, first_month_price: tirz ? 224.99 : 134.99 },
  };
}

export const catalog: Product[] = [
  planProduct(1, 'tirzepatide', 'tirz_plan_1', 'default'),
  planProduct(2, 'tirzepatide', 'tirz_plan_2', 'B'),
  planProduct(3, 'tirzepatide', 'tirz_plan_3', 'C'),
  planProduct(4, 'semaglutide', 'sema_plan_278928', 'default'),
  planProduct(5, 'semaglutide', 'sema_plan_134562', 'A'),
  planProduct(6, 'semaglutide', 'sema_plan_367367', 'C'),
];
