import { CreateSchema1763800000000 } from './1763800000000-create-schema';
import { AddDownloadLinkId1764100000000 } from './1764100000000-add-download-link-id';
import { RecordSearchVectorExpression1764200000000 } from './1764200000000-record-search-vector-expression';
import { CreateToolFolders1765000000000 } from './1765000000000-create-tool-folders';
import { NotifyCatalogueChanges1766000000000 } from './1766000000000-notify-catalogue-changes';
import { CreateDiagnostic1766200000000 } from './1766200000000-create-diagnostic';
import { NewsletterDoubleOptIn1766300000000 } from './1766300000000-newsletter-double-opt-in';

/** Every migration, in order. Never edit one once merged: add a new file. */
export const MIGRATIONS = [
  CreateSchema1763800000000,
  AddDownloadLinkId1764100000000,
  RecordSearchVectorExpression1764200000000,
  CreateToolFolders1765000000000,
  NotifyCatalogueChanges1766000000000,
  CreateDiagnostic1766200000000,
  NewsletterDoubleOptIn1766300000000,
];
