/**
 * How much medication a prescription supplies and how it comes, in one set of words for the
 * patient's Dosage tab and the pharmacist's shipment page (spec 001: "Supply: 3 vials every 90
 * days on the 6- and 12-month plans"; a 3-month or monthly plan sends 3 months up front).
 *
 * Two numbers are at play and must not be mixed up: the vials the clinician prescribed for the
 * whole plan (written into the GLP-1 item's name: "Compounded Semaglutide injection, 6 vials")
 * and the vials one shipment carries (3, a vial a month). The months of the dose schedule are a
 * third count, of strengths, not of vials: they are never shown as a quantity.
 */

/** Every shipment carries 3 vials (a vial a month), 90 days apart. */
export const vialsPerShipment = 3;
export const daysPerShipment = 90;

/** "1 vial", "3 vials". */
export function vialsText(vials: number): string {
  return `${vials} ${vials === 1 ? 'vial' : 'vials'}`;
}

/** The name the clinic gives a prescribed GLP-1: "Compounded Semaglutide injection, 6 vials". */
export function prescribedItemName(drugName: string, vials: number): string {
  return `Compounded ${drugName} injection, ${vialsText(vials)}`;
}

const vialsSuffix = /,\s*(\d+)\s+vials?\s*$/i;

/**
 * A prescribed item's name as the supply lists show it: what it is, and the vials the
 * prescription holds when its name says (prescribedItemName writes them last); null otherwise.
 */
export function supplyOfItem(name: string): { name: string; vials: number | null } {
  const match = vialsSuffix.exec(name);
  if (!match) return { name: name.trim(), vials: null };
  return { name: name.slice(0, match.index).trim(), vials: Number(match[1]) };
}

/**
 * The prescription's vials and how they come: "3 vials" when one shipment carries them all,
 * "6 vials: 3 every 90 days" when they come in several.
 */
export function supplyText(vials: number): string {
  if (vials <= vialsPerShipment) return vialsText(vials);
  return `${vialsText(vials)}: ${vialsPerShipment} every ${daysPerShipment} days`;
}
