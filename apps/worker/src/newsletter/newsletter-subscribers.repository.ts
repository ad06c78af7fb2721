import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { NewsletterSubscriberEntity } from '@outils/server-db';

@Injectable()
export class NewsletterSubscribersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  find(id: string): Promise<NewsletterSubscriberEntity | null> {
    return this.dataSource.getRepository(NewsletterSubscriberEntity).findOneBy({ id });
  }

  async markSynced(id: string): Promise<void> {
    await this.dataSource.getRepository(NewsletterSubscriberEntity).update({ id }, { syncedAt: new Date() });
  }
}
