import { Module } from '@nestjs/common';
import { SiteController } from './site.controller';

/** What the web needs to know about the site itself: the publisher's identity (configuration). */
@Module({ controllers: [SiteController] })
export class SiteModule {}
