import { Module } from '@nestjs/common';
import { InspectToolFileHandler } from './inspect-tool-file.handler';
import { ToolFilesRepository } from './tool-files.repository';

/** Tool files read after upload: page counts and PDF previews (docs/product/rules.md#R636). Storage comes from MyDataModule (global). */
@Module({ providers: [ToolFilesRepository, InspectToolFileHandler], exports: [InspectToolFileHandler] })
export class FilesModule {}
