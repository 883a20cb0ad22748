import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { listNameSchema } from '../../domain/audienceListSchemas.ts';
import { contactFieldsSchema } from '../../domain/audiencePeopleSchemas.ts';
import { signupSchema } from '../../domain/authSchemas.ts';
import {
  createCampaignBodySchema,
  createEmailBodySchema,
  updateEmailBodySchema,
} from '../../domain/campaignSchemas.ts';
import { checkImportRow } from '../../domain/contactImport.ts';
import { importCreateBodySchema } from '../../domain/contactImportSchemas.ts';
import { addFeedBodySchema } from '../../domain/contentSchemas.ts';
import { cleanName } from '../../domain/nameText.ts';
import { designSaveBodySchema, saveTemplateBodySchema } from '../../domain/publishSchemas.ts';
import { groupNameSchema } from '../../domain/salesGroups.ts';
import { addSenderBodySchema } from '../../domain/senderAddresses.ts';
import { publishConfigurationBodySchema } from '../../domain/sendSchemas.ts';
import { createWorkflowBodySchema, updateWorkflowBodySchema } from '../../domain/workflowSchemas.ts';

/** A name an attacker typed to turn the text after it around ("live Name Normal"), tabs and marks too. */
const HOSTILE = ' \u202eLive\u202c\tName\u2067\u200f \u0007Normal\u2069 ';

describe('cleanName', () => {
  it('takes out bidirectional controls, makes other controls spaces, one space between words', () => {
    expect(cleanName(HOSTILE)).toBe('Live Name Normal');
    expect(
      cleanName('\u202aEmbedded\u202b \u202dOverride\u202e \u2066Isolate\u2068\u2069 \u061cMark\u200e'),
    ).toBe('Embedded Override Isolate Mark');
    expect(cleanName('line\r\nbreak\u0085next\u0000nul')).toBe('line break next nul');
  });

  it('keeps every other character: accents, right-to-left scripts, emoji, joiners', () => {
    for (const name of ['Zoë Ångström', 'שרה כהן', 'محمد علي', 'Dana 😀', 'क्‍ष', '👩‍💻 Team']) {
      expect(cleanName(name)).toBe(name);
    }
  });
});

/** Every name field the server accepts, each through its own schema. */
const NAME_FIELDS: [string, z.ZodType][] = [
  ['signup first_name', signupSchema.shape.first_name],
  ['signup last_name', signupSchema.shape.last_name],
  ['signup organisation_name', signupSchema.shape.organisation_name],
  ['contact first_name', contactFieldsSchema.shape.first_name],
  ['contact last_name', contactFieldsSchema.shape.last_name],
  ['contact organization (account)', contactFieldsSchema.shape.organization],
  ['list_name', listNameSchema()],
  ['import file_name', importCreateBodySchema.shape.file_name],
  ['group_name', groupNameSchema],
  ['campaign_name', createCampaignBodySchema.shape.campaign_name],
  ['email_name', createEmailBodySchema.shape.email_name],
  ['update_email campaign_name', updateEmailBodySchema.shape.campaign_name],
  ['edition version_name', designSaveBodySchema.shape.version_name],
  ['template name', saveTemplateBodySchema.shape.name],
  ['create_workflow workflow_name', createWorkflowBodySchema.shape.workflow_name],
  ['update_workflow workflow_name', updateWorkflowBodySchema.shape.workflow_name],
  ['publish sender_name', publishConfigurationBodySchema.shape.sender_name],
  ['sender address sender_name', addSenderBodySchema.shape.sender_name],
  ['article source name', addFeedBodySchema.shape.name],
];

describe('every name field', () => {
  it.each(NAME_FIELDS)('%s is stored without control characters', (_field, schema) => {
    expect(schema.parse(HOSTILE)).toBe('Live Name Normal');
  });

  it('refuses a required name made only of control characters, with the field own message', () => {
    expect(contactFieldsSchema.shape.first_name.safeParse('\u202e\u2066 ').error?.issues[0]?.message).toBe(
      'First name is required.',
    );
    expect(listNameSchema().safeParse('\u202e').error?.issues[0]?.message).toBe('Give the list a name.');
    expect(createCampaignBodySchema.shape.campaign_name.safeParse('\u200f').error?.issues[0]?.message).toBe(
      'Give the campaign a name.',
    );
  });

  it('cleans the names of imported rows', () => {
    const row = checkImportRow(['a@b.test', HOSTILE, 'Last\u202e'], {
      email: 0,
      first_name: 1,
      last_name: 2,
    });
    expect(row).toMatchObject({ ok: true, values: { first_name: 'Live Name Normal', last_name: 'Last' } });
  });
});
