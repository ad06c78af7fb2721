import { ActivityAreaEntity } from './activity-area.entity';
import { AuthSessionEntity } from './auth-session.entity';
import { CategoryEntity } from './category.entity';
import { DataExportEntity } from './data-export.entity';
import { DownloadLogEntity } from './download-log.entity';
import { FavoriteEntity } from './favorite.entity';
import { NewsletterEventEntity } from './newsletter-event.entity';
import { NewsletterSubscriberEntity } from './newsletter-subscriber.entity';
import { OneTimeTokenEntity } from './one-time-token.entity';
import { OutboxMessageEntity } from './outbox-message.entity';
import { ToolFileAccessibilityEntity } from './tool-file-accessibility.entity';
import { ToolImageEntity } from './tool-image.entity';
import { ToolSlugHistoryEntity } from './tool-slug-history.entity';
import { ToolTypeEntity } from './tool-type.entity';
import { ToolVersionEntity } from './tool-version.entity';
import { ToolEntity } from './tool.entity';
import { ToolFolderItemEntity } from './tool-folder-item.entity';
import { ToolFolderEntity } from './tool-folder.entity';
import { UserEntity } from './user.entity';
import { ToolUsefulnessEntity } from './tool-usefulness.entity';
import { SearchDailyEntity } from './search-daily.entity';
import { ActivityDailyEntity, AdminExportLogEntity, DailyStatsGenerationEntity, DownloadDailyEntity } from './stats.entity';
import {
  DiagnosticAnswerEntity, DiagnosticAnswerToolEntity, DiagnosticAxisEntity, DiagnosticAxisToolEntity, DiagnosticQuestionEntity,
  DiagnosticResultEntity, ToolRelatedEntity,
} from './diagnostic.entity';

export {
  ActivityAreaEntity, AuthSessionEntity, CategoryEntity, DataExportEntity, DownloadLogEntity, FavoriteEntity,
  NewsletterEventEntity, NewsletterSubscriberEntity, OneTimeTokenEntity, OutboxMessageEntity, ToolEntity, ToolImageEntity,
  ToolSlugHistoryEntity, ToolTypeEntity, UserEntity, ToolFolderEntity, ToolFolderItemEntity,
  DiagnosticAxisEntity, DiagnosticQuestionEntity, DiagnosticAnswerEntity, DiagnosticAnswerToolEntity, DiagnosticAxisToolEntity,
  DiagnosticResultEntity, ToolRelatedEntity,
  DownloadDailyEntity, ActivityDailyEntity, AdminExportLogEntity, DailyStatsGenerationEntity,
  ToolVersionEntity, ToolFileAccessibilityEntity,
  ToolUsefulnessEntity, SearchDailyEntity,
};
export type { OneTimeTokenPurpose } from './one-time-token.entity';

/** Explicit list (no glob): it still works once the apps are bundled. */
export const ENTITIES = [
  ActivityAreaEntity, UserEntity, AuthSessionEntity, OneTimeTokenEntity, OutboxMessageEntity,
  CategoryEntity, ToolTypeEntity, ToolEntity, ToolImageEntity, ToolSlugHistoryEntity, ToolFileAccessibilityEntity,
  FavoriteEntity, DownloadLogEntity, NewsletterSubscriberEntity, ToolFolderEntity, ToolFolderItemEntity,
  DiagnosticAxisEntity, DiagnosticQuestionEntity, DiagnosticAnswerEntity, DiagnosticAnswerToolEntity, DiagnosticAxisToolEntity,
  DiagnosticResultEntity, ToolRelatedEntity,
  NewsletterEventEntity, DataExportEntity,
  DownloadDailyEntity, ActivityDailyEntity, AdminExportLogEntity, DailyStatsGenerationEntity,
  ToolVersionEntity,
  ToolUsefulnessEntity, SearchDailyEntity,
];
