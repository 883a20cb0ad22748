/** The tour of the page shown, as the user menu offers it: its label, and what taking it does. */
export type PageTour = { label: string; take: () => void };
