import { Injectable } from '@nestjs/common';
import type { DocumentsAccessibilityResponse } from '@outils/contracts';
import { DocumentsAccessibilityRepository } from './documents-accessibility.repository';

/** The accessibility statement's list of documents (docs/product/rules.md#R948). */
@Injectable()
export class DocumentsAccessibilityService {
  constructor(private readonly documents: DocumentsAccessibilityRepository) {}

  statement(): Promise<DocumentsAccessibilityResponse> {
    return this.documents.statement();
  }
}
