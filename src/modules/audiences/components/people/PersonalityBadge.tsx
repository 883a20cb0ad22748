import {
  PERSONALITY_TYPE_CODES,
  PERSONALITY_TYPE_COLOURS,
  type PersonalityTypeName,
} from '../../../../../domain/audiencePeople.ts';

/** A personality in its type's colour ("Driver · Dominant"), or "Unprofiled". */
export function PersonalityBadge({
  type,
  personality,
}: {
  type: PersonalityTypeName | null;
  personality: string;
}) {
  if (!type) return <span className="people-personality people-personality--none">Unprofiled</span>;
  return (
    <span
      className="people-personality"
      style={{ color: PERSONALITY_TYPE_COLOURS[type] }}
      data-code={PERSONALITY_TYPE_CODES[type]}
      title={`${type} (${PERSONALITY_TYPE_CODES[type]})`}
    >
      <span
        className="people-personality__dot"
        aria-hidden="true"
        style={{ background: PERSONALITY_TYPE_COLOURS[type] }}
      />
      {personality !== 'N/A' ? `${personality} · ${type}` : type}
    </span>
  );
}
