/** Lines of a short transactional email as HTML paragraphs (the lines are HTML already: escape what is typed). */
export const htmlParagraphs = (lines: readonly string[]): string =>
  lines.map((line) => `<p>${line}</p>`).join('');
