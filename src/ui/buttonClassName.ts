import type { ButtonSize, ButtonVariant } from './Button.tsx';
import './Button.css';

/** Button looks for links (router links that act as the main action of a panel). */
export function buttonClassName(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  return `ui-button ui-button--${variant} ui-button--${size}`;
}
