/** The reship wizard's own words (spec 002), beside the contracts' reshipMessages. */
export const reshipTexts = {
  itemsTitle: 'Replacement Request Form',
  itemsLead:
    'Choose the items that arrived missing or damaged. Replacement requests can be made within 7 days of delivery.',
  reasonTitle: 'Why You Need A Reship',
  reasonLead: 'Tell us what happened to your order.',
  evidenceTitle: 'Submit Evidence',
  evidenceLead: 'Upload a photo of the damaged items or the package as it arrived.',
  doneTitle: 'Request Received',
  dropHere: 'Drop image here or click to upload',
  maxSize: 'Maximum file size: 5 MB',
  submitFailed: (message: string) => `Error submitting request: ${message}`,
} as const;

export const sorryPath = (message: string) => `/sorry?message=${encodeURIComponent(message)}`;
