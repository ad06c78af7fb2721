import { Module } from '@nestjs/common';
import { CheckDocumentAccessibilityHandler } from './check-document-accessibility.handler';
import { DocumentAccessibilityRepository } from './document-accessibility.repository';
import { InspectToolFileHandler } from './inspect-tool-file.handler';
import { ToolFilesRepository } from './tool-files.repository';

/**
 * Tool files read after upload: page counts and PDF previews (docs/product/rules.md#R636), and the
 * accessibility check (docs/product/rules.md#R934). Storage comes from MyDataModule (global).
 */
@Module({
  providers: [ToolFilesRepository, InspectToolFileHandler, DocumentAccessibilityRepository, CheckDocumentAccessibilityHandler],
  exports: [InspectToolFileHandler, CheckDocumentAccessibilityHandler],
})
export class FilesModule {}
