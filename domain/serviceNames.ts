/** The services of the spec, each mounted at its own base (server) and called at its own base (client). */
export type ServiceName =
  | 'auth'
  | 'user'
  | 'workflow'
  | 'preference'
  | 'campaign'
  | 'publish'
  | 'analytics'
  | 'journey'
  | 'audience';

export const SERVICE_NAMES: readonly ServiceName[] = [
  'auth',
  'user',
  'workflow',
  'preference',
  'campaign',
  'publish',
  'analytics',
  'journey',
  'audience',
];
