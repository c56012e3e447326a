/** What other features use of support: links that call or email the clinic. */
export { mailtoHref, telHref } from './contactLinks';
