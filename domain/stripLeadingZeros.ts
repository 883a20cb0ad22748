/**
 * Removes leading zeros from what a person typed into a numeric input:
 * "007" -> "7", "000" -> "0", "0" -> "0", "" -> "", "00.5" -> "0.5", "-007" -> "-7".
 * Anything that does not start with digits (after an optional minus) is returned unchanged.
 */
export function stripLeadingZeros(value: string): string {
  return value.replace(/^(-?)0+(?=\d)/, '$1');
}
