import type { ServiceName } from '@clinic/contracts';
import type { ServiceModule } from '@clinic/kit';
import { chatService } from '@clinic/chat';
import { checkoutService } from '@clinic/checkout';
import { formsService } from '@clinic/forms';
import { intakeService } from '@clinic/intake';
import { verificationService } from '@clinic/verification';

/** Every service the gateway fronts, for single-node mode to run in-process. */
export const serviceModules: { name: ServiceName; module: ServiceModule }[] = [
  { name: 'checkout', module: checkoutService },
  { name: 'intake', module: intakeService },
  { name: 'verification', module: verificationService },
  { name: 'forms', module: formsService },
  { name: 'chat', module: chatService },
];
