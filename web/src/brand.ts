/** The product's name, everywhere it is shown. Change it here only. */
export const BRAND_NAME = 'GLP Clinic';

/** The company behind the clinic, as printed in the footer. */
export const COMPANY = {
  legalName: 'GLP Clinic Health, Inc.',
  addressLines: ['1200 Market Street, Suite 400', 'San Francisco, CA 94102'],
} as const;
