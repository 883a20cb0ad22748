import type { Insertable, Selectable } from 'kysely';
import type {
  LoginThrottleTable,
  OnboardingStepTable,
  OrganisationTable,
  OutboxTable,
  PasswordResetTable,
  PendingSignupTable,
  PlanChangeTable,
  RateLimitTable,
  SenderAddressRequestTable,
  SessionTable,
  TeamInvitationTable,
  UserTable,
  VerifiedAddressTable,
} from './schema/accountTables.ts';
import type {
  AnalyticsArticleContactTable,
  AnalyticsContactEmailTable,
  AnalyticsDayTotalsTable,
  AnalyticsExportTable,
  AnalyticsProgressTable,
  AnalyticsSavedFilterTable,
} from './schema/analyticsTables.ts';
import type {
  AccountTable,
  AudienceFacetTable,
  AudienceImportChunkTable,
  AudienceImportRefusalTable,
  AudienceImportTable,
  ContactListTable,
  ContactTable,
  FormSubmissionTable,
  FormTable,
  ListContactTable,
  ListSendTable,
  SalesGroupTable,
  SalesGroupUserTable,
} from './schema/audienceTables.ts';
import type {
  AiGenerationTable,
  ArticleFavouriteTable,
  BrandThemeTable,
  CampaignContactTable,
  CampaignExportWidgetTable,
  CampaignListTable,
  CampaignTable,
  EditionArticleTable,
  EditionSendTable,
  EmailTable,
  EmailTemplateTable,
  EmailVersionTable,
  OutlookAuthStateTable,
  OutlookConnectionTable,
  UploadedImageTable,
} from './schema/campaignTables.ts';
import type { ArticleSourceTable, ArticleTable, ArticleTermCountTable } from './schema/contentTables.ts';
import type { EmailBodyTable, EmailEventTable, EmailSendTable } from './schema/deliveryTables.ts';
import type {
  ContactScoresTable,
  JourneyCriteriaTable,
  JourneyPointsTable,
  JourneyProgressTable,
  JourneyRecomputeTable,
} from './schema/journeyScoringTables.ts';
import type {
  JourneyDomainTable,
  JourneyTokenUseTable,
  JourneyVisitorTable,
  PageViewTable,
} from './schema/journeyTables.ts';
import type {
  ConsentLedgerTable,
  PreferenceEventTable,
  PreferenceTable,
  PreferenceTopicTable,
  SubscriptionTopicTable,
  SupportMessageTable,
} from './schema/preferenceTables.ts';
import type {
  ShareProfileTable,
  WorkflowEmailTable,
  WorkflowEnrolmentTable,
  WorkflowStepHistoryTable,
  WorkflowTable,
} from './schema/workflowTables.ts';

/**
 * Every table of the one database, by name: the tables' column types live in server/db/schema/, one file
 * per area, and are re-exported here, so a query imports its types from this file.
 */
export type * from './schema/accountTables.ts';
export type * from './schema/analyticsTables.ts';
export type * from './schema/audienceTables.ts';
export type * from './schema/campaignTables.ts';
export type * from './schema/contentTables.ts';
export type * from './schema/deliveryTables.ts';
export type * from './schema/journeyScoringTables.ts';
export type * from './schema/journeyTables.ts';
export type * from './schema/preferenceTables.ts';
export type * from './schema/workflowTables.ts';

export type Database = {
  organisations: OrganisationTable;
  users: UserTable;
  sessions: SessionTable;
  password_resets: PasswordResetTable;
  outbox: OutboxTable;
  verified_addresses: VerifiedAddressTable;
  sender_address_requests: SenderAddressRequestTable;
  team_invitations: TeamInvitationTable;
  plan_changes: PlanChangeTable;
  pending_signups: PendingSignupTable;
  login_throttle: LoginThrottleTable;
  rate_limits: RateLimitTable;
  onboarding_steps: OnboardingStepTable;
  accounts: AccountTable;
  contacts: ContactTable;
  audience_facets: AudienceFacetTable;
  contact_lists: ContactListTable;
  list_contacts: ListContactTable;
  list_sends: ListSendTable;
  sales_groups: SalesGroupTable;
  sales_group_users: SalesGroupUserTable;
  forms: FormTable;
  form_submissions: FormSubmissionTable;
  audience_imports: AudienceImportTable;
  audience_import_chunks: AudienceImportChunkTable;
  audience_import_refusals: AudienceImportRefusalTable;
  campaigns: CampaignTable;
  emails: EmailTable;
  ai_generation: AiGenerationTable;
  subscription_topics: SubscriptionTopicTable;
  preferences: PreferenceTable;
  preference_topics: PreferenceTopicTable;
  preference_events: PreferenceEventTable;
  support_messages: SupportMessageTable;
  consent_ledger: ConsentLedgerTable;
  workflow: WorkflowTable;
  workflow_email: WorkflowEmailTable;
  share_profile: ShareProfileTable;
  email_event: EmailEventTable;
  email_send: EmailSendTable;
  email_bodies: EmailBodyTable;
  workflow_enrolment: WorkflowEnrolmentTable;
  workflow_step_history: WorkflowStepHistoryTable;
  article_sources: ArticleSourceTable;
  articles: ArticleTable;
  article_term_counts: ArticleTermCountTable;
  campaign_lists: CampaignListTable;
  campaign_contacts: CampaignContactTable;
  email_versions: EmailVersionTable;
  edition_articles: EditionArticleTable;
  article_favourites: ArticleFavouriteTable;
  email_templates: EmailTemplateTable;
  brand_themes: BrandThemeTable;
  uploaded_images: UploadedImageTable;
  edition_sends: EditionSendTable;
  outlook_auth_states: OutlookAuthStateTable;
  outlook_connections: OutlookConnectionTable;
  campaign_export_widgets: CampaignExportWidgetTable;
  analytics_day_totals: AnalyticsDayTotalsTable;
  analytics_contact_email: AnalyticsContactEmailTable;
  analytics_article_contact: AnalyticsArticleContactTable;
  analytics_progress: AnalyticsProgressTable;
  analytics_saved_filters: AnalyticsSavedFilterTable;
  analytics_exports: AnalyticsExportTable;
  journey_domain: JourneyDomainTable;
  journey_visitor: JourneyVisitorTable;
  page_view: PageViewTable;
  journey_token_use: JourneyTokenUseTable;
  journey_criteria: JourneyCriteriaTable;
  journey_points: JourneyPointsTable;
  contact_scores: ContactScoresTable;
  journey_progress: JourneyProgressTable;
  journey_recompute: JourneyRecomputeTable;
};

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type OutboxRow = Selectable<OutboxTable>;
