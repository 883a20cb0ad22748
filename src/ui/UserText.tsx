import './UserText.css';

/**
 * Text a person typed (a name, a title, an address), isolated from the text around it (`<bdi>`): a
 * right-to-left name, or one holding bidirectional controls, never reorders the words shown after it.
 * The one way the workbench shows user text inside other text: tables, cards, headings and pickers.
 */
export function UserText({
  children,
  className,
}: {
  children: string | null | undefined;
  className?: string;
}) {
  return <bdi className={className ? `ui-user-text ${className}` : 'ui-user-text'}>{children}</bdi>;
}
