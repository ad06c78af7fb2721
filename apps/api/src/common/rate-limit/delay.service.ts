import { Injectable } from '@nestjs/common';

/** Waits; one place, so that tests can see the delays applied without waiting for them. */
@Injectable()
export class DelayService {
  wait(ms: number): Promise<void> {
    return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
  }
}
