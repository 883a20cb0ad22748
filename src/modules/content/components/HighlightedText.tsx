import { highlightSegments } from '../../../../domain/highlightSegments.ts';

/** Text with the matched words of a search in <mark> (from the server's escaped highlight, never as HTML). */
export function HighlightedText({ html, text }: { html: string | null | undefined; text: string }) {
  if (!html) return <>{text}</>;
  return (
    <>
      {highlightSegments(html).map((segment, index) =>
        segment.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity beyond their place
          <mark key={index}>{segment.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity beyond their place
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
