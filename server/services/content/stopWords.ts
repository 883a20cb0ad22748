/** English words that never make a concept on their own (articles, pronouns, common verbs and adverbs). */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all almost also although always am among an and another any are
  around as at away back be became because become been before being below between both but by can
  cannot could did do does doing done down during each either else enough even ever every few first
  for from further get gets getting give given gives go goes going got had has have having he her here
  hers herself him himself his how however i if in into is it its itself just last least less like
  made make makes making many may me might more most much must my myself near need needs never new next
  no nor not now of off often on once one only or other others our ours ourselves out over own per
  put rather really said same say says see seen she should since so some still such take than that the
  their theirs them themselves then there these they this those though through thus to too toward
  under until up upon us use used uses using very via was way we well were what when where whether
  which while who whom whose why will with within without would year years yet you your yours
  yourself yourselves week weeks today day days time times two three four five according including
  read more new latest top via amp nbsp quot`.split(/\s+/),
);
