import { CreateSchema1763800000000 } from './1763800000000-create-schema';
import { AddDownloadLinkId1764100000000 } from './1764100000000-add-download-link-id';
import { RecordSearchVectorExpression1764200000000 } from './1764200000000-record-search-vector-expression';
import { CreateToolFolders1765000000000 } from './1765000000000-create-tool-folders';
import { NotifyCatalogueChanges1766000000000 } from './1766000000000-notify-catalogue-changes';
import { CreateDiagnostic1766200000000 } from './1766200000000-create-diagnostic';
import { NewsletterDoubleOptIn1766300000000 } from './1766300000000-newsletter-double-opt-in';
import { SearchEverywhere1766400000000 } from './1766400000000-search-everywhere';
import { ToolFileFacts1766500000000 } from './1766500000000-tool-file-facts';
import { ToolPublication1766600000000 } from './1766600000000-tool-publication';
import { HonestCountsAndDailyStats1766700000000 } from './1766700000000-honest-counts-and-daily-stats';
import { DailyStatsGeneration1766750000000 } from './1766750000000-daily-stats-generation';
import { NewsletterProofOfDeletedAccounts1767100000000 } from './1767100000000-newsletter-proof-of-deleted-accounts';
import { ProvenEmailChangeAndLoginLinks1767210000000 } from './1767210000000-proven-email-change-and-login-links';
import { SingleUseAdminExports1767400000000 } from './1767400000000-single-use-admin-exports';
import { OutboxHandOverAgain1767410000000 } from './1767410000000-outbox-hand-over-again';
import { ToolVersions1767500000000 } from './1767500000000-tool-versions';
import { UpdateAlerts1767500100000 } from './1767500100000-update-alerts';
import { DocumentAccessibility1767600000000 } from './1767600000000-document-accessibility';
import { ToolUsefulness1767700000000 } from './1767700000000-tool-usefulness';
import { SearchDaily1767701000000 } from './1767701000000-search-daily';
import { UsefulnessAndSearchesExports1767702000000 } from './1767702000000-usefulness-and-searches-exports';
import { CreatePartners1767800000000 } from './1767800000000-create-partners';
import { NotifySessionChanges1767900000000 } from './1767900000000-notify-session-changes';
import { CreatePlanFollowUp1768000000000 } from './1768000000000-create-plan-follow-up';
import { PartnerReports1768200000000 } from './1768200000000-partner-reports';
import { PartnerVisitorSalt1768210000000 } from './1768210000000-partner-visitor-salt';
import { ToolFileAlt1768300000000 } from './1768300000000-tool-file-alt';
import { ToolAlternativeFile1768310000000 } from './1768310000000-tool-alternative-file';
import { NotifyAlternativeChanges1768400000000 } from './1768400000000-notify-alternative-changes';

/** Every migration, in order. Never edit one once merged: add a new file. */
export const MIGRATIONS = [
  CreateSchema1763800000000,
  AddDownloadLinkId1764100000000,
  RecordSearchVectorExpression1764200000000,
  CreateToolFolders1765000000000,
  NotifyCatalogueChanges1766000000000,
  CreateDiagnostic1766200000000,
  NewsletterDoubleOptIn1766300000000,
  SearchEverywhere1766400000000,
  ToolFileFacts1766500000000,
  ToolPublication1766600000000,
  HonestCountsAndDailyStats1766700000000,
  DailyStatsGeneration1766750000000,
  NewsletterProofOfDeletedAccounts1767100000000,
  ProvenEmailChangeAndLoginLinks1767210000000,
  SingleUseAdminExports1767400000000,
  OutboxHandOverAgain1767410000000,
  ToolVersions1767500000000,
  UpdateAlerts1767500100000,
  DocumentAccessibility1767600000000,
  ToolUsefulness1767700000000,
  SearchDaily1767701000000,
  UsefulnessAndSearchesExports1767702000000,
  CreatePartners1767800000000,
  NotifySessionChanges1767900000000,
  CreatePlanFollowUp1768000000000,
  PartnerReports1768200000000,
  PartnerVisitorSalt1768210000000,
  ToolFileAlt1768300000000,
  ToolAlternativeFile1768310000000,
  NotifyAlternativeChanges1768400000000,
];
