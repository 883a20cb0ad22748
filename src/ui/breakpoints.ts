/**
 * The layout breakpoints of the spec, in CSS pixels. CSS media queries cannot read
 * custom properties, so stylesheets write the numbers (`@media (max-width: 767px)`); tokens.css lists
 * the same values as --wb-bp-* for reference and for scripts that read computed styles.
 */
export const BREAKPOINTS = [1500, 1439, 1300, 1170, 1100, 1023, 900, 768, 575] as const;

/** The narrow-screen breakpoints of the spec. */
export const NARROW_BREAKPOINTS = [450, 550, 580, 650, 767, 992, 1280, 1440] as const;
