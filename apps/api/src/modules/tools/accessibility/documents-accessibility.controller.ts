import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiRoutes, type DocumentsAccessibilityResponse } from '@outils/contracts';
import { PublicRateLimits } from '../../../common/rate-limit/public-rate-limits';
import { RateLimit } from '../../../common/rate-limit/rate-limit.guard';
import { DocumentsAccessibilityService } from './documents-accessibility.service';

/**
 * The accessibility statement's list (docs/product/rules.md#R948): the published documents that
 * do not conform, with what fails, and the date of the last check, read from the checks.
 */
@ApiTags('catalogue')
@Controller()
export class DocumentsAccessibilityController {
  constructor(private readonly documents: DocumentsAccessibilityService) {}

  @Get(ApiRoutes.documentsAccessibility)
  @RateLimit(PublicRateLimits.documentsAccessibility)
  statement(): Promise<DocumentsAccessibilityResponse> {
    return this.documents.statement();
  }
}
