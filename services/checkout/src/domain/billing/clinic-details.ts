/**
 * Who issues the clinic's invoices and receipts: its legal name, postal address and federal tax
 * id (EIN), from configuration (CLINIC_LEGAL_NAME, CLINIC_ADDRESS, CLINIC_EIN). An HSA or FSA
 * administrator reads the provider's name, address and tax id on a receipt.
 */
export interface ClinicDetails {
  legalName: string;
  /** As printed: the street, then "City, ST 12345". */
  addressLines: readonly string[];
  /** "12-3456789". */
  ein: string;
}

/**
 * What a clinic runs with until it sets its own: the site footer's company and address, the
 * name marked "(demo)", and an EIN with the prefix 00, which the IRS never gives.
 */
export const demoClinicDetails: ClinicDetails = {
  legalName: 'GLP Clinic Health, Inc. (demo)',
  addressLines: ['1200 Market Street, Suite 400', 'San Francisco, CA 94102'],
  ein: '00-0000000',
};
