/** How a public page moves to another one: the app passes history.pushState + re-render; tests a spy. */
export type Navigate = (to: string) => void;
