import { Global, Module } from '@nestjs/common';
import { OutboxRepository } from './outbox.repository';

/**
 * The outbox repository as one provider, on the application's TypeORM data source. Imported
 * once by the API's and the worker's root modules; global, like the data source it wraps.
 */
@Global()
@Module({ providers: [OutboxRepository], exports: [OutboxRepository] })
export class OutboxModule {}
