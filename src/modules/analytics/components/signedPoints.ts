/** Points as a signed number ("+11", "−10", "0"), as the score's explanations show them. */
export function signedPoints(points: number): string {
  if (points === 0) return '0';
  return points > 0 ? `+${points}` : `−${Math.abs(points)}`;
}
