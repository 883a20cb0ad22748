import type { PersonalityType } from '../db/schema.ts';

const split = (words: string) => words.split(' ');

/** Words the demo data is made of. Only example domains (.test, .example) are used for addresses and links. */
export const DEMO_VOCABULARY = {
  firstNames: split(
    'Olivia Liam Amara Noah Priya Mateo Sofia Ethan Chloé Lucas Hannah Kenji Isabel Omar Grace Jonas Leila Daniel Maya Felix Aisha Samuel Elena Viktor Nora Rafael Zoe Tobias Ingrid Marcus Yara Henrik Camila Arjun Freya Diego Mei Patrick Aurora Kwame',
  ),
  lastNames: split(
    'Hart Okafor Lindqvist Patel García Nakamura Müller Brennan Rossi Haddad Kowalski Dubois Andersen Mensah Silva Novak Reyes Fischer Chen O’Neill Kaur Larsen Moreau Ibrahim Walsh Tanaka Costa Bauer Nguyen Ortega',
  ),
  designations: [
    'Chief Executive Officer',
    'Chief Financial Officer',
    'Chief Technology Officer',
    'VP of Sales',
    'VP of Marketing',
    'Marketing Director',
    'Head of Operations',
    'Sales Manager',
    'Procurement Lead',
    'Product Manager',
    'IT Director',
    'Customer Success Manager',
    'Demand Generation Manager',
    'Data Analyst',
  ],
  accounts: [
    {
      name: 'Acme Logistics',
      domain: 'acme-logistics.test',
      industry: 'Transportation',
      revenue: '$50M - $100M',
    },
    {
      name: 'Brightpath Health',
      domain: 'brightpath-health.test',
      industry: 'Healthcare',
      revenue: '$100M - $500M',
    },
    {
      name: 'Cobalt Robotics',
      domain: 'cobalt-robotics.test',
      industry: 'Manufacturing',
      revenue: '$10M - $50M',
    },
    {
      name: 'Delta Freight Co',
      domain: 'delta-freight.test',
      industry: 'Transportation',
      revenue: '$500M - $1B',
    },
    { name: 'Evergreen Energy', domain: 'evergreen-energy.test', industry: 'Energy', revenue: '$1B+' },
    {
      name: 'Fjord Financial',
      domain: 'fjord-financial.test',
      industry: 'Financial Services',
      revenue: '$100M - $500M',
    },
    {
      name: 'Granite Insurance',
      domain: 'granite-insurance.test',
      industry: 'Insurance',
      revenue: '$500M - $1B',
    },
    { name: 'Helios Media', domain: 'helios-media.test', industry: 'Media', revenue: '$10M - $50M' },
    {
      name: 'Ironbark Manufacturing',
      domain: 'ironbark-mfg.test',
      industry: 'Manufacturing',
      revenue: '$50M - $100M',
    },
    { name: 'Juniper Retail', domain: 'juniper-retail.test', industry: 'Retail', revenue: '$100M - $500M' },
  ],
  otherOrgAccounts: [
    { name: 'Tidewater Books', domain: 'tidewater-books.test', industry: 'Retail', revenue: '$1M - $10M' },
    {
      name: 'Quayside Architects',
      domain: 'quayside-arch.test',
      industry: 'Construction',
      revenue: '$1M - $10M',
    },
  ],
  /** The personality values, grouped under the personality type they belong to. Others: N/A. */
  personalities: {
    Dominant: ['Driver', 'Leader', 'Challenger', 'Creator'],
    Influencer: ['Persuader', 'Motivator', 'Promoter', 'Advocate'],
    Steady: ['Collaborator', 'Proponent', 'Coordinator', 'Equalizer'],
    Conscientious: ['Designer', 'Manager', 'Strategist', 'Investigator'],
    Others: ['N/A'],
  } satisfies Record<PersonalityType, readonly string[]>,
  personalityTypes: [
    'Dominant',
    'Influencer',
    'Steady',
    'Conscientious',
    'Others',
  ] as const satisfies readonly PersonalityType[],
  buyerStages: ['Awareness', 'Interest', 'Consideration', 'Intent', 'Evaluation', 'Purchase'],
} as const;
