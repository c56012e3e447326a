/** The product's name, everywhere it is shown. Change it here only. */
export const BRAND_NAME = 'GLP Clinic';

/** The company behind the clinic, as printed in the footer. */
export const COMPANY = {
  legalName: 'GLP Clinic Health, Inc.',
  addressLines: ['1200 Market Street, Suite 400', 'San Francisco, CA 94102'],
} as const;

/**
 * How patients reach the care team (support page, FAQ, legal documents). The team is off on
 * holidays, which the pages say beside the hours.
 */
export const SUPPORT_CONTACT = {
  email: 'care@glpclinic.example',
  phone: '(888) 555-0142',
  hours: 'Monday to Friday, 7:00 AM to 7:00 PM Pacific',
} as const;
