import { Global, Module } from '@nestjs/common';
import { OutboxModule } from '@outils/server-jobs';
import { OutboxService } from './outbox.service';

/**
 * The home of `OutboxService`, global like the queues it feeds: services inject the service and
 * never reach into the queue module.
 */
@Global()
@Module({ imports: [OutboxModule], providers: [OutboxService], exports: [OutboxService] })
export class ApiOutboxModule {}
