import { Injectable } from '@nestjs/common';
import { CatalogueMessages } from '@outils/contracts';
import type { ToolImageWidth } from '@outils/contracts';
import { StoragePort, StoredObject, StorageObjectNotFoundError } from '@outils/server-storage';
import { NotFoundError } from '../../common/errors/domain-error';
import { UUID_EXACT } from '../../common/validation/patterns';
import { ImageVariantsService } from './image-variants.service';
import { ToolsRepository } from './tools.repository';

/**
 * The catalogue's files: a tool's images and previews. Its public reads (filters, listing, tool of
 * the month, sheets) are `PublicReadsService`.
 */
@Injectable()
export class ToolsService {
  constructor(
    private readonly tools: ToolsRepository,
    private readonly storage: StoragePort,
    private readonly variants: ImageVariantsService,
  ) {}

  /** The image as uploaded, or its copy `width` pixels wide (docs/product/rules.md#R700). */
  async openImage(imageId: string, width?: ToolImageWidth): Promise<StoredObject & { contentType: string }> {
    const image = UUID_EXACT.test(imageId) ? await this.tools.findImage(imageId) : null;
    if (!image) throw new NotFoundError(CatalogueMessages.imageNotFound);
    try {
      if (width !== undefined) return await this.variants.open(imageId, image, width);
      const object = await this.storage.get(image.key);
      return { ...object, contentType: image.mime };
    } catch (error) {
      if (error instanceof StorageObjectNotFoundError) throw new NotFoundError(CatalogueMessages.imageNotFound);
      throw error;
    }
  }

  /** docs/product/rules.md#R636: a tool's current preview, by the uuid of its key; 404 for any other. */
  async openPreview(previewId: string): Promise<StoredObject & { contentType: string }> {
    const preview = UUID_EXACT.test(previewId) ? await this.tools.findPreview(previewId.toLowerCase()) : null;
    if (!preview) throw new NotFoundError(CatalogueMessages.previewNotFound);
    try {
      const object = await this.storage.get(preview.key);
      return { ...object, contentType: preview.mime };
    } catch (error) {
      if (error instanceof StorageObjectNotFoundError) throw new NotFoundError(CatalogueMessages.previewNotFound);
      throw error;
    }
  }
}
